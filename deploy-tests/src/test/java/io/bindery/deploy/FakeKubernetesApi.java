package io.bindery.deploy;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The few Kubernetes API answers that the chart's {@code lookup} calls need, on a local port. helm-java's
 * {@code template} asks a cluster for every lookup (plain {@code helm template} does not), and without a kubeconfig
 * it would ask http://localhost:8080, the local stack's gateway. This server is named in the kubeconfig that
 * surefire points {@code KUBECONFIG} at, so a render never leaves the machine, and a test can hand the chart an
 * existing Secret to check that generated secrets stay stable across upgrades.
 * <p>
 * A test class holds one as {@code @RegisterExtension static final FakeKubernetesApi api = new FakeKubernetesApi();}:
 * it listens during the class's tests.
 */
final class FakeKubernetesApi implements AutoCloseable, BeforeAllCallback, AfterAllCallback {
    private static final String SECRETS_LIST = """
            {"kind":"APIResourceList","apiVersion":"v1","groupVersion":"v1","resources":[
             {"name":"secrets","singularName":"secret","namespaced":true,"kind":"Secret","verbs":["get","list"]}]}""";
    private static final String NOT_FOUND = """
            {"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","reason":"NotFound","code":404}""";

    private HttpServer server;
    /** Secrets the cluster "has": "namespace/name" to the Secret's JSON. */
    private final Map<String, String> secrets = new ConcurrentHashMap<>();
    final List<String> requests = new CopyOnWriteArrayList<>();

    /** Listens from the class's start (not its loading: JUnit loads every class first, and the kubeconfig is one file). */
    @Override
    public void beforeAll(ExtensionContext context) {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            requests.add(exchange.getRequestMethod() + " " + path);
            String body = NOT_FOUND;
            int status = 404;
            if (path.equals("/api/v1")) {
                body = SECRETS_LIST;
                status = 200;
            } else if (path.startsWith("/api/v1/namespaces/") && path.contains("/secrets/")) {
                String[] parts = path.split("/");
                String found = secrets.get(parts[4] + "/" + parts[6]);
                if (found != null) {
                    body = found;
                    status = 200;
                }
            }
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        server.start();
        writeKubeconfig();
    }

    /** Makes the cluster hold a Secret with these (base64) data entries. */
    void putSecret(String namespace, String name, Map<String, String> base64Data) {
        StringBuilder data = new StringBuilder();
        base64Data.forEach((k, v) -> data.append(data.isEmpty() ? "" : ",").append('"').append(k).append("\":\"").append(v).append('"'));
        secrets.put(namespace + "/" + name, """
                {"kind":"Secret","apiVersion":"v1","metadata":{"name":"%s","namespace":"%s"},"type":"Opaque","data":{%s}}"""
                .formatted(name, namespace, data));
    }

    void clearSecrets() {
        secrets.clear();
    }

    private void writeKubeconfig() {
        String location = System.getenv("KUBECONFIG");
        if (location == null || location.isBlank()) {
            throw new IllegalStateException("KUBECONFIG is not set: run these tests through Maven (deploy-tests/pom.xml sets it)");
        }
        try {
            Path file = Path.of(location);
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.writeString(file, """
                    apiVersion: v1
                    kind: Config
                    clusters: [{name: fake, cluster: {server: "http://127.0.0.1:%d"}}]
                    users: [{name: fake, user: {token: not-a-real-token}}]
                    contexts: [{name: fake, context: {cluster: fake, user: fake}}]
                    current-context: fake
                    """.formatted(server.getAddress().getPort()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        close();
    }
}
