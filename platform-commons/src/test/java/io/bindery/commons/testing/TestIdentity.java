package io.bindery.commons.testing;

import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import org.jose4j.jwk.JsonWebKeySet;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;
import org.jose4j.jwk.RsaJsonWebKey;
import org.jose4j.jwk.RsaJwkGenerator;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A token issuer for tests of services other than identity: a real HTTP server speaking identity's
 * contract (JWKS at /.well-known/jwks.json, revocations at /internal/token-revocations) with its own RSA key,
 * so services verify tokens exactly as in production. Use with {@code @QuarkusTestResource(TestIdentity.class)}.
 */
public class TestIdentity implements QuarkusTestResourceLifecycleManager {
    private static RsaJsonWebKey key;
    private static HttpServer server;
    private static final List<String[]> REVOKED = new CopyOnWriteArrayList<>(); // {tokenId, expiresAt}
    private static final Map<String, String[]> MEMBERSHIPS = new java.util.concurrent.ConcurrentHashMap<>(); // org/user -> {role, orgDefaultRole, asOf}
    private static final Map<String, String[]> TEAMS = new java.util.concurrent.ConcurrentHashMap<>(); // org/team -> {asOf, quoted member ids}
    private static final Map<String, String[]> USERS = new java.util.concurrent.ConcurrentHashMap<>(); // id -> {displayName, email}
    private static final Map<String, java.util.concurrent.atomic.AtomicInteger> USER_REQUESTS = new java.util.concurrent.ConcurrentHashMap<>();

    @Override
    public synchronized Map<String, String> start() {
        try {
            if (server == null) {
                key = RsaJwkGenerator.generateJwk(2048);
                key.setKeyId("test-" + UUID.randomUUID());
                server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
                server.createContext("/.well-known/jwks.json", ex -> reply(ex, new JsonWebKeySet(key).toJson()));
                server.createContext("/internal/token-revocations", ex -> {
                    StringBuilder sb = new StringBuilder("{\"items\":[");
                    for (int i = 0; i < REVOKED.size(); i++) {
                        String[] r = REVOKED.get(i);
                        sb.append(i == 0 ? "" : ",").append("{\"seq\":").append(i + 1)
                                .append(",\"tokenId\":\"").append(r[0]).append("\",\"expiresAt\":\"").append(r[1]).append("\"}");
                    }
                    reply(ex, sb.append("],\"more\":false}").toString());
                });
                server.createContext("/internal/service-tokens", ex -> {
                    // POST {service, audience}, as identity-service answers it (the secret is not checked here)
                    String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
                    String service = body.replaceAll(".*\"service\"\\s*:\\s*\"([^\"]*)\".*", "$1");
                    String audience = body.replaceAll(".*\"audience\"\\s*:\\s*\"([^\"]*)\".*", "$1");
                    reply(ex, "{\"token\":\"" + serviceToken(service, audience) + "\",\"expiresAt\":\""
                            + Instant.now().plusSeconds(300) + "\"}");
                });
                server.createContext("/internal/orgs/", ex -> {
                    String[] parts = ex.getRequestURI().getPath().split("/");
                    if (parts.length == 6 && parts[4].equals("teams")) {
                        // /internal/orgs/{o}/teams/{t}, as identity-service answers it
                        String[] team = TEAMS.get(parts[3] + "/" + parts[5]);
                        if (team == null) {
                            notFound(ex, "no team");
                            return;
                        }
                        reply(ex, "{\"organization\":\"" + parts[3] + "\",\"team\":\"" + parts[5] + "\",\"members\":["
                                + team[1] + "],\"asOf\":\"" + team[0] + "\"}");
                        return;
                    }
                    if (parts.length == 5 && parts[4].equals("team-views")) {
                        // POST /internal/orgs/{o}/team-views: the known teams asked for, as minimal Team objects
                        String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
                        StringBuilder sb = new StringBuilder("{\"items\":[");
                        String sep = "";
                        for (Map.Entry<String, String[]> t : TEAMS.entrySet()) {
                            String id = t.getKey().substring(t.getKey().indexOf('/') + 1);
                            if (t.getKey().startsWith(parts[3] + "/") && body.contains("\"" + id + "\"")) {
                                sb.append(sep).append("{\"object\":\"team\",\"id\":\"").append(id).append("\",\"title\":\"Team ")
                                        .append(id).append("\",\"members\":0,\"spaces\":0,\"createdAt\":\"").append(t.getValue()[0])
                                        .append("\",\"permissions\":{\"admin\":false,\"view\":true}}");
                                sep = ",";
                            }
                        }
                        reply(ex, sb.append("]}").toString());
                        return;
                    }
                    // /internal/orgs/{o}/members/{u}, as identity-service answers it
                    String[] m = parts.length == 6 ? MEMBERSHIPS.get(parts[3] + "/" + parts[5]) : null;
                    if (m == null) {
                        notFound(ex, "not a member");
                        return;
                    }
                    reply(ex, "{\"organization\":\"" + parts[3] + "\",\"user\":\"" + parts[5] + "\""
                            + (m[0] == null ? "" : ",\"role\":\"" + m[0] + "\"")
                            + (m[1] == null ? "" : ",\"orgDefaultRole\":\"" + m[1] + "\"")
                            + ",\"asOf\":\"" + m[2] + "\"}");
                });
                server.createContext("/internal/users/", ex -> {
                    // /internal/users/{u}, as identity-service answers it (the User object plus asOf; the
                    // directory rebuilds urls itself, so they are left out here)
                    String[] parts = ex.getRequestURI().getPath().split("/");
                    String id = parts.length == 4 ? parts[3] : "";
                    USER_REQUESTS.computeIfAbsent(id, k -> new java.util.concurrent.atomic.AtomicInteger()).incrementAndGet();
                    String[] u = USERS.get(id);
                    if (u == null) {
                        notFound(ex, "no user " + id);
                        return;
                    }
                    reply(ex, "{\"object\":\"user\",\"id\":\"" + id + "\",\"displayName\":\"" + u[0]
                            + "\",\"email\":\"" + u[1] + "\",\"asOf\":\"" + Instant.now() + "\"}");
                });
                server.start();
            }
            String base = "http://127.0.0.1:" + server.getAddress().getPort();
            return Map.of("mp.jwt.verify.publickey.location", base + "/.well-known/jwks.json",
                    "mp.jwt.verify.issuer", "bindery",
                    "bindery.identity-url", base,
                    "bindery.revocations.poll-ms", "200");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static void reply(com.sun.net.httpserver.HttpExchange ex, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("Content-Type", "application/json");
        ex.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    private static void notFound(com.sun.net.httpserver.HttpExchange ex, String message) throws IOException {
        byte[] bytes = ("{\"error\":{\"code\":404,\"message\":\"" + message + "\"}}").getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("Content-Type", "application/json");
        ex.sendResponseHeaders(404, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void stop() {
        // shared by every test class of the JVM; the daemon server dies with it
    }

    /** A valid token for the user, expiring in an hour. */
    public static String token(String userId) {
        return token(userId, UUID.randomUUID().toString(), Instant.now().plusSeconds(3600));
    }

    public static String token(String userId, String tokenId, Instant expiresAt) {
        return sign(userId, tokenId, expiresAt, key.getRsaPrivateKey());
    }

    private static String sign(String userId, String tokenId, Instant expiresAt, java.security.PrivateKey signer) {
        try {
            JwtClaims claims = new JwtClaims();
            claims.setIssuer("bindery");
            claims.setSubject(userId);
            claims.setJwtId(tokenId);
            claims.setIssuedAt(NumericDate.fromSeconds(Instant.now().minusSeconds(5).getEpochSecond()));
            claims.setExpirationTime(NumericDate.fromSeconds(expiresAt.getEpochSecond()));
            JsonWebSignature jws = new JsonWebSignature();
            jws.setPayload(claims.toJson());
            jws.setKey(signer);
            jws.setKeyIdHeaderValue(key.getKeyId());
            jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.RSA_USING_SHA256);
            return jws.getCompactSerialization();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A service token as identity mints it for calls between services: {@code sub} service:&lt;service&gt;,
     * {@code aud} the service called, claim bindery_service.
     */
    public static String serviceToken(String service, String audience) {
        try {
            JwtClaims claims = new JwtClaims();
            claims.setIssuer("bindery");
            claims.setSubject("service:" + service);
            claims.setAudience(audience);
            claims.setJwtId(java.util.UUID.randomUUID().toString());
            claims.setClaim("bindery_service", service);
            claims.setIssuedAt(NumericDate.fromSeconds(Instant.now().minusSeconds(5).getEpochSecond()));
            claims.setExpirationTime(NumericDate.fromSeconds(Instant.now().plusSeconds(300).getEpochSecond()));
            JsonWebSignature jws = new JsonWebSignature();
            jws.setPayload(claims.toJson());
            jws.setKey(key.getRsaPrivateKey());
            jws.setKeyIdHeaderValue(key.getKeyId());
            jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.RSA_USING_SHA256);
            return jws.getCompactSerialization();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Marks a token id revoked; verifiers see it at their next poll. */
    public static void revoke(String tokenId) {
        REVOKED.add(new String[]{tokenId, Instant.now().plusSeconds(3600).toString()});
    }

    /** Makes identity's internal API answer that the user is a member (role null: a guest). */
    public static void addMembership(String organizationId, String userId, String role, String orgDefaultRole, Instant asOf) {
        MEMBERSHIPS.put(organizationId + "/" + userId, new String[]{role, orgDefaultRole, asOf.toString()});
    }

    /** Makes identity's internal API know a team of the organization with these members, as of {@code asOf}. */
    public static void addTeam(String organizationId, String teamId, java.util.List<String> members, Instant asOf) {
        TEAMS.put(organizationId + "/" + teamId, new String[]{asOf.toString(),
                String.join(",", members.stream().map(m -> "\"" + m + "\"").toList())});
    }

    /**
     * Makes identity's internal API know the user ({@code GET /internal/users/{id}}, without photoURL), as of
     * the moment it is asked. Names and e-mails are written into JSON as they are: keep them free of quotes.
     */
    public static void addUser(String id, String displayName, String email) {
        USERS.put(id, new String[]{displayName, email});
    }

    /** How many times {@code GET /internal/users/{id}} was asked, known user or not. */
    public static int userRequests(String id) {
        java.util.concurrent.atomic.AtomicInteger n = USER_REQUESTS.get(id);
        return n == null ? 0 : n.get();
    }

    /** A token signed by a key nobody trusts. */
    public static String foreignToken(String userId) {
        try {
            RsaJsonWebKey other = RsaJwkGenerator.generateJwk(2048);
            return sign(userId, UUID.randomUUID().toString(), Instant.now().plusSeconds(3600), other.getRsaPrivateKey());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
