package io.bindery.openapi.processing;

import io.bindery.openapi.versions.SpecFile;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;

/**
 * The definitions that external $refs point at ({@code schemas/pet.yaml#/Pet} is "Pet", {@code pet.yaml} is "pet"),
 * each with a hash of its JSON with sorted keys, so that a diff sees a changed external schema whatever the
 * parser did with it (it inlines them for OpenAPI 3.1).
 */
public final class ExternalSchemas {
    private static final ObjectMapper JSON = new ObjectMapper(SpecFetcher.JSON)
            .configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);
    private static final ObjectMapper YAML = new ObjectMapper(SpecFetcher.YAML);

    private ExternalSchemas() {
    }

    public static Map<String, String> of(SpecFetcher.Files fetched) {
        // texts are read from the spool only for the files $refs point at
        Map<String, SpecFile> byUrl = new HashMap<>();
        fetched.files().forEach(f -> byUrl.putIfAbsent(f.url(), f));
        Map<String, JsonNode> trees = new HashMap<>();
        Map<String, String> out = new TreeMap<>();
        for (SpecFile file : fetched.files()) {
            URI base = URI.create(file.url());
            for (String ref : file.refs()) {
                String target = SpecFetcher.resolve(base, ref, file.url());
                SpecFile targetFile = byUrl.get(target);
                if (targetFile == null) {
                    continue; // reached through a redirect: named by the URL asked, skipped here
                }
                JsonNode tree = trees.computeIfAbsent(target, t -> read(targetFile.text()));
                String pointer = ref.contains("#") ? ref.substring(ref.indexOf('#') + 1) : "";
                JsonNode node;
                try {
                    node = pointer.isEmpty() ? tree : tree.at(pointer.startsWith("/") ? pointer : "/" + pointer);
                } catch (IllegalArgumentException e) {
                    continue;
                }
                if (node == null || node.isMissingNode()) {
                    continue;
                }
                out.put(name(target, pointer), hash(node));
            }
        }
        return out;
    }

    static String name(String url, String pointer) {
        if (!pointer.isEmpty()) {
            return pointer.substring(pointer.lastIndexOf('/') + 1);
        }
        String file = url.substring(url.lastIndexOf('/') + 1);
        int dot = file.indexOf('.');
        return dot > 0 ? file.substring(0, dot) : file;
    }

    private static JsonNode read(String text) {
        try {
            return (SpecFetcher.isJson(text) ? JSON : YAML).readTree(text);
        } catch (JsonProcessingException e) {
            return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
        }
    }

    /** components.schemas (OpenAPI 3) or definitions (Swagger 2.0) of an entry point's tree, by name. */
    public static Map<String, String> named(JsonNode entry) {
        Map<String, String> out = new TreeMap<>();
        JsonNode schemas = entry.path("components").path("schemas");
        if (!schemas.isObject()) {
            schemas = entry.path("definitions");
        }
        if (schemas.isObject()) {
            schemas.properties().forEach(e -> out.put(e.getKey(), hash(e.getValue())));
        }
        return out;
    }

    static String hash(JsonNode node) {
        try {
            Object canonical = JSON.treeToValue(node, Object.class);
            byte[] bytes = JSON.writeValueAsString(canonical).getBytes(StandardCharsets.UTF_8);
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes), 0, 12);
        } catch (JsonProcessingException | NoSuchAlgorithmException e) {
            return "unhashable";
        }
    }
}
