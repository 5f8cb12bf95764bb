package io.bindery.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.gateway.routing.RouteTable;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The gateway's merged API document against the running services and the gateway's own routing table: every
 * operation a service documents under /v1 that the gateway routes to that service appears exactly once, from it; no
 * other operation appears; Swagger UI shows it.
 */
class ApiDocumentE2ETest {
    static final ObjectMapper JSON = new ObjectMapper();
    static final List<String> METHODS = List.of("get", "put", "post", "delete", "patch", "head", "options", "trace");

    /** The gateway's routes, read from its application.properties (bindery.gateway.routes[i]) in the gateway jar. */
    static RouteTable gatewayRoutes() throws Exception {
        Properties props = new Properties();
        try (InputStream in = RouteTable.class.getClassLoader().getResourceAsStream("application.properties")) {
            props.load(in);
        }
        Map<Integer, String> routes = new TreeMap<>();
        props.forEach((k, v) -> {
            String key = k.toString();
            if (key.startsWith("bindery.gateway.routes[")) {
                routes.put(Integer.parseInt(key.substring("bindery.gateway.routes[".length(), key.indexOf(']'))), v.toString());
            }
        });
        return RouteTable.compile(new ArrayList<>(routes.values()));
    }

    @Test
    void everyRoutedOperationAppearsOnceFromItsService() throws Exception {
        RouteTable routes = gatewayRoutes();
        JsonNode merged = JSON.readTree(RestAssured.given().baseUri(Stack.GATEWAY).get("/v1/openapi.json")
                .then().statusCode(200).extract().asByteArray());
        assertEquals("3.1.0", merged.path("openapi").asText());
        assertTrue(merged.path("x-bindery-unavailable").isMissingNode(), "every service answered: " + merged.path("x-bindery-unavailable"));

        // what the merged document should hold: each service's /v1 operations that the gateway routes to it
        Map<String, String> expected = new HashMap<>(); // "METHOD normalized-path" -> service
        for (String service : Stack.SERVICES) {
            JsonNode doc = JSON.readTree(Stack.service(service).get("/q/openapi?format=json").then().statusCode(200)
                    .extract().asByteArray());
            doc.path("paths").fields().forEachRemaining(path -> {
                String template = path.getKey();
                int routed = routes.match(template.replaceAll("\\{[^/}]+}", "_"), 3);
                if (template.startsWith("/v1/") && routed >= 0 && routes.service(routed).equals(service)) {
                    for (String method : METHODS) {
                        if (path.getValue().has(method)) {
                            String key = method.toUpperCase() + " " + normalized(template);
                            String before = expected.put(key, service);
                            assertTrue(before == null || before.equals(service), key + " documented by " + before + " and " + service);
                        }
                    }
                }
            });
        }
        Map<String, Integer> seen = new HashMap<>();
        merged.path("paths").fields().forEachRemaining(path -> {
            for (String method : METHODS) {
                JsonNode operation = path.getValue().get(method);
                if (operation != null) {
                    String key = method.toUpperCase() + " " + normalized(path.getKey());
                    seen.merge(key, 1, Integer::sum);
                    assertEquals(expected.get(key), operation.path("x-bindery-service").asText(null), key);
                }
            }
        });
        seen.forEach((key, count) -> assertEquals(1, count, key + " appears " + count + " times"));
        assertEquals(new TreeMap<>(expected).keySet(), new TreeMap<>(seen).keySet());
        assertTrue(seen.size() > 150, "the whole API, not a part: " + seen.size() + " operations");
        System.out.println("merged API document: " + seen.size() + " operations from " + Stack.SERVICES.length + " services");

        RestAssured.given().baseUri(Stack.GATEWAY).get("/v1/docs/").then().statusCode(200)
                .body(org.hamcrest.Matchers.containsString("swagger"));
    }

    /** A path template with its parameter names dropped: two spellings of one route are the same operation. */
    static String normalized(String template) {
        return template.replaceAll("\\{[^/}]+}", "{}");
    }
}
