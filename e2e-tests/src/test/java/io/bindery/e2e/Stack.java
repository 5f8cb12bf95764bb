package io.bindery.e2e;

import io.restassured.RestAssured;
import io.restassured.specification.RequestSpecification;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The running platform under test, as `./platform test` started it: the gateway URL
 * (BINDERY_E2E_GATEWAY), the admin token file (BINDERY_E2E_ADMIN_TOKEN_FILE), Kafka
 * (BINDERY_KAFKA_BOOTSTRAP) and each service's own port (gateway port + 1..7, in the order of
 * ARCHITECTURE.md's table).
 */
final class Stack {
    static final String GATEWAY = env("BINDERY_E2E_GATEWAY", "http://127.0.0.1:18080");
    static final String KAFKA = env("BINDERY_KAFKA_BOOTSTRAP", "127.0.0.1:9092");
    static final String[] SERVICES = {"identity", "content", "review", "sites", "openapi", "integrations", "insights"};

    private Stack() {
    }

    static String adminToken() {
        try {
            return Files.readString(Path.of(env("BINDERY_E2E_ADMIN_TOKEN_FILE", ".platform/e2e/admin-token"))).trim();
        } catch (IOException e) {
            throw new IllegalStateException("admin token file missing: is the platform up?", e);
        }
    }

    /** Requests through the gateway; every response is checked against GitBook's OpenAPI documents. */
    static RequestSpecification api() {
        return RestAssured.given().baseUri(GATEWAY).filter(GitBookConformance.FILTER);
    }

    static RequestSpecification api(String token) {
        return api().header("Authorization", "Bearer " + token);
    }

    /** Requests straight to one service, bypassing the gateway. */
    static RequestSpecification service(String name) {
        int gatewayPort = java.net.URI.create(GATEWAY).getPort();
        for (int i = 0; i < SERVICES.length; i++) {
            if (SERVICES[i].equals(name)) {
                return RestAssured.given().baseUri("http://127.0.0.1:" + (gatewayPort + 1 + i));
            }
        }
        throw new IllegalArgumentException(name);
    }

    /**
     * Requests straight to one service's internal API, as another service makes them: with a service token that
     * identity mints for that service (the stack's service secret is in secrets.env beside the admin token).
     */
    static RequestSpecification internal(String name) {
        return service(name).header("Authorization", "Bearer " + serviceToken("e2e-tests", name + "-service"));
    }

    /** A service token and when it expires (identity's answer). */
    private record ServiceToken(String token, java.time.Instant expires) {
    }

    private static final java.util.Map<String, ServiceToken> SERVICE_TOKENS = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * A service token for calls from {@code caller} to {@code audience}, kept until a minute before it expires: service
     * tokens live 5 minutes, and the suite runs longer than that (a token kept for good was refused late in a run).
     */
    static String serviceToken(String caller, String audience) {
        return SERVICE_TOKENS.compute(caller + ">" + audience, (k, kept) -> kept != null
                && kept.expires().isAfter(java.time.Instant.now().plusSeconds(60)) ? kept : mintServiceToken(caller, audience))
                .token();
    }

    private static ServiceToken mintServiceToken(String caller, String audience) {
        io.restassured.path.json.JsonPath answer = service("identity")
                .header("Authorization", "Bearer " + serviceSecret()).contentType("application/json")
                .body(java.util.Map.of("service", caller, "audience", audience)).post("/internal/service-tokens")
                .then().statusCode(200).extract().jsonPath();
        Object expires = answer.get("expiresAt");
        return new ServiceToken(answer.getString("token"), expires instanceof Number seconds
                ? java.time.Instant.ofEpochMilli((long) (seconds.doubleValue() * 1000))
                : java.time.Instant.parse(String.valueOf(expires)));
    }

    /**
     * The stack's folder of the key store its Git Sync trusts for Git over HTTPS on 127.0.0.1 ({@code ./platform}
     * makes it: git-tls/server.p12, its password in git-tls/password), next to the admin token.
     */
    static Path gitTlsDir() {
        return Path.of(env("BINDERY_E2E_ADMIN_TOKEN_FILE", ".platform/e2e/admin-token")).toAbsolutePath().getParent()
                .resolve("git-tls");
    }

    static String serviceSecret() {
        Path tokenFile = Path.of(env("BINDERY_E2E_ADMIN_TOKEN_FILE", ".platform/e2e/admin-token"));
        Path secrets = tokenFile.toAbsolutePath().getParent().resolve("secrets.env");
        try {
            for (String line : Files.readAllLines(secrets)) {
                if (line.startsWith("BINDERY_SERVICE_SECRET=")) {
                    return line.substring("BINDERY_SERVICE_SECRET=".length()).trim();
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("secrets file missing: " + secrets, e);
        }
        throw new IllegalStateException("no BINDERY_SERVICE_SECRET in " + secrets);
    }

    /** A user made through the admin API, with a token of its own. */
    record TestUser(String id, String email, String token) {
    }

    static TestUser newUser(String emailDomain) {
        String admin = adminToken();
        String email = "u" + java.util.UUID.randomUUID().toString().substring(0, 12) + "@" + emailDomain;
        String id = api(admin).contentType("application/json")
                .body(java.util.Map.of("email", email, "displayName", "User " + email))
                .post("/v1/admin/users").then().statusCode(201).extract().path("id");
        String token = api(admin).contentType("application/json").body("{}")
                .post("/v1/admin/users/" + id + "/tokens").then().statusCode(201).extract().path("token");
        return new TestUser(id, email, token);
    }

    /** A new organization whose admin is {@code owner}; returns its id. */
    static String newOrg(TestUser owner, String... emailDomains) {
        return api(owner.token()).contentType("application/json")
                .body(java.util.Map.of("title", "Org " + java.util.UUID.randomUUID().toString().substring(0, 8),
                        "emailDomains", java.util.List.of(emailDomains)))
                .post("/v1/orgs").then().statusCode(201).extract().path("id");
    }

    private static String env(String name, String fallback) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? fallback : v;
    }
}
