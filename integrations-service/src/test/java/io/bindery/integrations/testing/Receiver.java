package io.bindery.integrations.testing;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/** A real local HTTP endpoint that integration events are delivered to; it can fail its first requests. */
public final class Receiver implements AutoCloseable {
    /** One request as received: the raw body and the signature header. */
    public record Received(String body, String signature, String eventId, long receivedAtMillis) {
    }

    private final HttpServer server;
    public final List<Received> received = new CopyOnWriteArrayList<>();
    private final AtomicInteger failuresLeft = new AtomicInteger();

    public Receiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.createContext("/", exchange -> {
            try (exchange) {
                byte[] body = exchange.getRequestBody().readAllBytes();
                int status = 200;
                if (failuresLeft.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                    status = 503;
                } else {
                    received.add(new Received(new String(body, StandardCharsets.UTF_8),
                            exchange.getRequestHeaders().getFirst("X-Bindery-Signature"),
                            exchange.getRequestHeaders().getFirst("X-Bindery-Event-Id"), System.currentTimeMillis()));
                }
                byte[] answer = (status == 200 ? "ok" : "busy").getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(status, answer.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(answer);
                }
            }
        });
        server.start();
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/events";
    }

    /** The next {@code n} requests are answered 503 (and not counted as received). */
    public void failNext(int n) {
        failuresLeft.set(n);
    }

    /** Received bodies that contain {@code text}. */
    public List<Received> containing(String text) {
        return received.stream().filter(r -> r.body().contains(text)).toList();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
