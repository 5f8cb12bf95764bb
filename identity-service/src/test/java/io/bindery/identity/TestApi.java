package io.bindery.identity;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import jakarta.persistence.EntityManager;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static io.restassured.RestAssured.given;

/** Users, tokens and organizations for identity's tests, through the API; and calls made concurrently. */
final class TestApi {
    static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    record User(String id, String email, String token) {
    }

    record Reply(int status, String body) {
        JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (Exception e) {
                throw new AssertionError("not JSON: " + body, e);
            }
        }
    }

    private TestApi() {
    }

    static String admin() {
        try {
            return Files.readString(Path.of("target/test-admin-token")).trim();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static String run() {
        return UUID.randomUUID().toString().substring(0, 8);
    }

    static User user(String email) {
        String id = given().auth().oauth2(admin()).contentType(ContentType.JSON)
                .body(Map.of("email", email, "displayName", "User " + email.substring(0, email.indexOf('@'))))
                .post("/v1/admin/users").then().statusCode(201).extract().path("id");
        return new User(id, email, token(id));
    }

    static User user() {
        return user("u-" + UUID.randomUUID() + "@example.com");
    }

    static String token(String userId) {
        return given().auth().oauth2(admin()).contentType(ContentType.JSON).body("{}")
                .post("/v1/admin/users/" + userId + "/tokens").then().statusCode(201).extract().path("token");
    }

    /** A new organization of which {@code owner} is the (only) admin. */
    static String org(User owner) {
        return given().auth().oauth2(owner.token()).contentType(ContentType.JSON).body(Map.of("title", "Org " + run()))
                .post("/v1/orgs").then().statusCode(201).extract().path("id");
    }

    /** Invites the users (by e-mail) with a role (null: guest). */
    static void invite(User admin, String orgId, String role, User... users) {
        List<String> emails = new ArrayList<>();
        for (User u : users) {
            emails.add(u.email());
        }
        Map<String, Object> body = new java.util.HashMap<>();
        body.put("emails", emails);
        body.put("role", role);
        given().auth().oauth2(admin.token()).contentType(ContentType.JSON).body(body)
                .post("/v1/orgs/" + orgId + "/invites").then().statusCode(200);
    }

    static String team(User creator, String orgId, String title, List<String> members) {
        return given().auth().oauth2(creator.token()).contentType(ContentType.JSON)
                .body(Map.of("title", title, "members", members))
                .put("/v1/orgs/" + orgId + "/teams").then().statusCode(201).extract().path("id");
    }

    /** One call over plain HTTP (safe to make from many threads at once). */
    static Reply call(String method, String path, String token, Object body) {
        try {
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + RestAssured.port + path))
                    .timeout(Duration.ofSeconds(60));
            if (token != null) {
                b.header("Authorization", "Bearer " + token);
            }
            if (body == null) {
                b.method(method, HttpRequest.BodyPublishers.noBody());
            } else {
                b.header("Content-Type", "application/json")
                        .method(method, HttpRequest.BodyPublishers.ofString(body instanceof String s ? s : JSON.writeValueAsString(body)));
            }
            HttpResponse<String> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
            return new Reply(r.statusCode(), r.body());
        } catch (Exception e) {
            throw new IllegalStateException(method + " " + path + ": " + e, e);
        }
    }

    /** Runs the tasks on as many threads, released together; returns their results in order (rethrowing failures). */
    static <T> List<T> concurrently(List<Callable<T>> tasks) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(tasks.size());
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<T>> futures = new ArrayList<>();
            for (Callable<T> task : tasks) {
                futures.add(pool.submit(() -> {
                    start.await();
                    return task.call();
                }));
            }
            start.countDown();
            List<T> out = new ArrayList<>();
            for (Future<T> f : futures) {
                out.add(f.get(180, TimeUnit.SECONDS));
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    /** The data of the events of a type about a subject, in the order they were recorded in the outbox. */
    static List<JsonNode> outbox(EntityManager em, String type, String subject) {
        return QuarkusTransaction.requiringNew().call(() -> {
            @SuppressWarnings("unchecked")
            List<String> rows = em.createNativeQuery(
                            "SELECT envelope FROM outbox_event WHERE type = :type AND aggregate_id = :subject ORDER BY id")
                    .setParameter("type", type).setParameter("subject", subject).getResultList();
            List<JsonNode> out = new ArrayList<>();
            for (String row : rows) {
                out.add(JSON.readTree(row).path("data"));
            }
            return out;
        });
    }
}
