package io.bindery.commons.testing;

import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;

/**
 * The base of a test stand-in of another service's internal API: a small real HTTP server (the JDK's, on a free port
 * of 127.0.0.1, daemon threads), so the service under test calls it through its real REST Client. One server per
 * stand-in class for the whole test JVM (Quarkus makes a resource instance per test class; the stand-in's state is
 * static): {@link #start()} starts it the first time and answers the configuration that points the service at it;
 * the JVM's exit closes it. A stand-in can be taken down (its port refuses connections) and brought up again on the
 * same port. Use as {@code @WithTestResource(XStandIn.class)}.
 */
public abstract class HttpStandIn implements QuarkusTestResourceLifecycleManager {
    private static final Map<Class<?>, Listener> LISTENERS = new ConcurrentHashMap<>();

    /** The routes: path prefix to handler, e.g. {@code "/internal/"}. */
    protected abstract Map<String, HttpHandler> routes();

    /** The configuration that points the service under test at {@code baseUrl} ({@code http://127.0.0.1:<port>}). */
    protected abstract Map<String, String> config(String baseUrl);

    @Override
    public final Map<String, String> start() {
        Listener listener = LISTENERS.computeIfAbsent(getClass(), c -> new Listener(c.getSimpleName(), routes()));
        return config("http://127.0.0.1:" + listener.port());
    }

    @Override
    public void stop() {
        // shared by every test class of the JVM; the daemon threads die with it
    }

    /** The stand-in's port refuses connections until {@link #up(Class)}. */
    protected static void down(Class<? extends HttpStandIn> standIn) {
        LISTENERS.get(standIn).down();
    }

    /** Listens again, on the port it had. */
    protected static void up(Class<? extends HttpStandIn> standIn) {
        LISTENERS.get(standIn).up();
    }

    /** Answers {@code status} with a JSON body. */
    public static void reply(com.sun.net.httpserver.HttpExchange exchange, int status, String json) throws IOException {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    private static final class Listener {
        private final String name;
        private final Map<String, HttpHandler> routes;
        private HttpServer server;
        private int port;

        Listener(String name, Map<String, HttpHandler> routes) {
            this.name = name;
            this.routes = routes;
            listen(0);
        }

        synchronized int port() {
            return port;
        }

        synchronized void down() {
            server.stop(0);
        }

        synchronized void up() {
            listen(port);
        }

        private void listen(int at) {
            try {
                server = HttpServer.create(new InetSocketAddress("127.0.0.1", at), 0);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            server.setExecutor(Executors.newCachedThreadPool(r -> {
                Thread t = new Thread(r, name);
                t.setDaemon(true);
                return t;
            }));
            routes.forEach(server::createContext);
            server.start();
            port = server.getAddress().getPort();
        }
    }
}
