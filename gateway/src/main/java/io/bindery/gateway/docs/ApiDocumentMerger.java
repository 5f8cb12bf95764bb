package io.bindery.gateway.docs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.bindery.gateway.routing.RouteTable;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * One OpenAPI 3.1 document for {@code /v1}, merged from the services' own ({@code /q/openapi}). An operation is taken
 * from the service the gateway routes its path to, so each routed operation appears once, marked with
 * {@code x-bindery-service}; what a service documents but the gateway sends elsewhere (or nowhere) is left out.
 * Schemas keep their names; two services' different schemas of one name become {@code <service>.<name>}, with that
 * service's references rewritten.
 */
public final class ApiDocumentMerger {
    static final List<String> METHODS = List.of("get", "put", "post", "delete", "patch", "head", "options", "trace");
    private static final String SCHEMAS_REF = "#/components/schemas/";
    private static final ObjectMapper JSON = new ObjectMapper();

    private ApiDocumentMerger() {
    }

    /** A path template with its parameters replaced by a segment that matches any {@code {param}} of a route. */
    static String concrete(String pathTemplate) {
        return pathTemplate.replaceAll("\\{[^/}]+}", "_");
    }

    /**
     * @param documents each service's document, by the service's name in the route table (absent: not reachable)
     * @param version   the API version shown in {@code info}
     */
    public static ObjectNode merge(Map<String, JsonNode> documents, RouteTable routes, String version) {
        ObjectNode out = JSON.createObjectNode();
        out.put("openapi", "3.1.0");
        ObjectNode info = out.putObject("info");
        info.put("title", "Bindery API");
        info.put("version", version);
        info.put("description", "Bindery's management API, wire-compatible with GitBook's public API. Every request"
                + " carries the header Authorization: Bearer followed by a token. Merged by the gateway from its services' documents.");
        out.putArray("servers").addObject().put("url", "/");
        out.putArray("security").addObject().putArray("bearer");
        ObjectNode paths = out.putObject("paths");
        ObjectNode components = out.putObject("components");
        ObjectNode schemas = components.putObject("schemas");
        components.putObject("securitySchemes").putObject("bearer").put("type", "http").put("scheme", "bearer")
                .put("bearerFormat", "JWT");
        Set<String> tags = new TreeSet<>();
        List<String> missing = new ArrayList<>();
        for (String service : routes.services()) {
            JsonNode doc = documents.get(service);
            if (doc == null) {
                missing.add(service);
                continue;
            }
            Map<String, String> renamed = schemas(doc, service, schemas);
            JsonNode own = doc.path("components");
            for (String kind : List.of("parameters", "responses", "requestBodies", "headers")) {
                own.path(kind).fields().forEachRemaining(e -> {
                    ObjectNode into = components.has(kind) ? (ObjectNode) components.get(kind) : components.putObject(kind);
                    into.putIfAbsent(e.getKey(), rewrite(e.getValue(), renamed));
                });
            }
            Iterator<Map.Entry<String, JsonNode>> it = doc.path("paths").fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> path = it.next();
                String template = path.getKey();
                if (!template.startsWith("/v1/") || !service.equals(routedTo(routes, template))) {
                    continue;
                }
                ObjectNode target = paths.has(template) ? (ObjectNode) paths.get(template) : paths.putObject(template);
                if (path.getValue().has("parameters") && !target.has("parameters")) {
                    target.set("parameters", rewrite(path.getValue().get("parameters"), renamed));
                }
                for (String method : METHODS) {
                    JsonNode operation = path.getValue().get(method);
                    if (operation == null || target.has(method)) {
                        continue;
                    }
                    ObjectNode copy = (ObjectNode) rewrite(operation, renamed);
                    copy.put("x-bindery-service", service);
                    copy.path("tags").forEach(t -> tags.add(t.asText()));
                    target.set(method, copy);
                }
                if (target.isEmpty()) {
                    paths.remove(template);
                }
            }
        }
        ArrayNode tagList = out.putArray("tags");
        tags.forEach(t -> tagList.addObject().put("name", t));
        if (!missing.isEmpty()) {
            ArrayNode unavailable = out.putArray("x-bindery-unavailable");
            missing.forEach(unavailable::add);
        }
        return out;
    }

    /** The service the gateway sends a /v1 path template to, or null. */
    static String routedTo(RouteTable routes, String template) {
        int service = routes.match(concrete(template), "/v1".length());
        return service < 0 ? null : routes.service(service);
    }

    /** Adds a service's schemas; the names that clashed with another service's different schema, and their new names. */
    private static Map<String, String> schemas(JsonNode doc, String service, ObjectNode merged) {
        Map<String, String> renamed = new HashMap<>();
        Map<String, JsonNode> own = new LinkedHashMap<>();
        doc.path("components").path("schemas").fields().forEachRemaining(e -> own.put(e.getKey(), e.getValue()));
        for (Map.Entry<String, JsonNode> e : own.entrySet()) {
            JsonNode there = merged.get(e.getKey());
            if (there != null && !there.equals(e.getValue())) {
                renamed.put(e.getKey(), service + "." + e.getKey());
            }
        }
        for (Map.Entry<String, JsonNode> e : own.entrySet()) {
            merged.putIfAbsent(renamed.getOrDefault(e.getKey(), e.getKey()), rewrite(e.getValue(), renamed));
        }
        return renamed;
    }

    /** A deep copy of {@code node} with {@code $ref}s to renamed schemas pointing at their new names. */
    static JsonNode rewrite(JsonNode node, Map<String, String> renamed) {
        JsonNode copy = node.deepCopy();
        if (!renamed.isEmpty()) {
            rewriteInPlace(copy, renamed);
        }
        return copy;
    }

    private static void rewriteInPlace(JsonNode node, Map<String, String> renamed) {
        if (node instanceof ObjectNode object) {
            JsonNode ref = object.get("$ref");
            if (ref != null && ref.isTextual() && ref.asText().startsWith(SCHEMAS_REF)) {
                String name = ref.asText().substring(SCHEMAS_REF.length());
                if (renamed.containsKey(name)) {
                    object.set("$ref", TextNode.valueOf(SCHEMAS_REF + renamed.get(name)));
                }
            }
            object.forEach(child -> rewriteInPlace(child, renamed));
        } else if (node instanceof ArrayNode array) {
            array.forEach(child -> rewriteInPlace(child, renamed));
        }
    }
}
