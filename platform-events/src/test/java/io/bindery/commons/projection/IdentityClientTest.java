package io.bindery.commons.projection;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.bindery.commons.auth.ServiceTokens;
import io.bindery.commons.config.BinderyServiceConfig;
import io.bindery.commons.errors.ApiException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.Proxy;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Identity out of reach or answering oddly is a 503 ApiException (the error body), never an IllegalStateException. */
class IdentityClientTest {
    private final List<AutoCloseable> servers = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable s : servers) {
            s.close();
        }
    }

    static IdentityClient client(String identityUrl) {
        IdentityClient c = new IdentityClient();
        c.config = (BinderyServiceConfig) Proxy.newProxyInstance(IdentityClientTest.class.getClassLoader(),
                new Class<?>[]{BinderyServiceConfig.class}, (proxy, method, args) -> {
                    if (method.getName().equals("identityUrl")) {
                        return identityUrl;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
        c.json = new ObjectMapper();
        c.serviceTokens = new ServiceTokens(identityUrl, "content-service", "");
        return c;
    }

    /** A server that accepts each connection and closes it at once: the client reads EOF. */
    private String closing() throws IOException {
        ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        servers.add(socket);
        Thread.ofVirtual().start(() -> {
            while (!socket.isClosed()) {
                try (Socket s = socket.accept()) {
                    s.getInputStream().read(new byte[1024]);
                } catch (IOException e) {
                    return;
                }
            }
        });
        return "http://127.0.0.1:" + socket.getLocalPort();
    }

    private String answering(int status) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        server.createContext("/", exchange -> {
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        server.start();
        servers.add(() -> server.stop(0));
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private static String unused() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return "http://127.0.0.1:" + s.getLocalPort();
        }
    }

    @Test
    void aClosedConnectionOrNoListenerIs503() throws Exception {
        for (String url : List.of(closing(), unused())) {
            ApiException e = assertThrows(ApiException.class, () -> client(url).membership("org", "user"));
            assertEquals(503, e.status(), url);
            assertTrue(e.getMessage().contains("identity"), e.getMessage());
        }
    }

    @Test
    void anIdIdentityCannotReadIsNoSuchThingAndItsOwnFailureIs503() throws Exception {
        assertTrue(client(answering(404)).membership("org", "user").isEmpty());
        assertTrue(client(answering(400)).membership("org", "a%00b").isEmpty());
        assertTrue(client(answering(414)).user("x".repeat(5000)).isEmpty());
        assertEquals(503, assertThrows(ApiException.class, () -> client(answering(500)).team("o", "t")).status());
        assertEquals(503, assertThrows(ApiException.class, () -> client(answering(401)).user("u")).status());
    }

    @Test
    void oddCharactersAreEncodedIntoOnePathSegment() throws Exception {
        List<String> paths = new CopyOnWriteArrayList<>();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        server.createContext("/", exchange -> {
            paths.add(exchange.getRequestURI().getRawPath());
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
        });
        server.start();
        servers.add(() -> server.stop(0));
        IdentityClient c = client("http://127.0.0.1:" + server.getAddress().getPort());
        assertTrue(c.membership("../x y", "é/%00").isEmpty());
        assertEquals(List.of("/internal/orgs/..%2Fx%20y/members/%C3%A9%2F%2500"), paths);
    }
}
