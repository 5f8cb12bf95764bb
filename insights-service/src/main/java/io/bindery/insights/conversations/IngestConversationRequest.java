package io.bindery.insights.conversations;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.errors.ApiException;

import java.net.URI;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * POST /orgs/{o}/conversations: {@code id}, {@code subject}, {@code metadata} {url, attributes, createdAt} and
 * {@code parts} [{type "message", role, body}]. Every problem is a 400 naming the field's path.
 *
 * @param source where the conversation came from: {@code metadata.attributes.source} when given, else {@code api}
 */
public record IngestConversationRequest(String id, String subject, String url, Map<String, String> attributes,
                                        Instant createdAt, List<Part> parts, String source) {
    static final Pattern ID = Pattern.compile("[A-Za-z0-9_.:@-]{1,128}");
    static final Pattern ROLE = Pattern.compile("[a-z][a-z_-]{0,31}");
    static final int MAX_PARTS = 500;
    static final int MAX_BODY = 32_768;
    static final int MAX_ATTRIBUTES = 50;

    public record Part(String type, String role, String body) {
    }

    public static IngestConversationRequest from(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw ApiException.badRequest("request body must be a JSON object");
        }
        String id = text(body, "id", true);
        if (!ID.matcher(id).matches()) {
            throw ApiException.badRequest("id must be 1 to 128 letters, digits or . _ : @ -");
        }
        String subject = text(body, "subject", false);
        if (subject != null && subject.length() > 512) {
            throw ApiException.badRequest("subject must be at most 512 characters");
        }
        String url = null;
        Map<String, String> attributes = new LinkedHashMap<>();
        Instant createdAt = null;
        JsonNode metadata = body.get("metadata");
        if (metadata != null && !metadata.isNull()) {
            if (!metadata.isObject()) {
                throw ApiException.badRequest("metadata must be an object");
            }
            url = text(metadata, "url", false, "metadata.url");
            if (url != null) {
                checkUrl(url);
            }
            JsonNode attrs = metadata.get("attributes");
            if (attrs != null && !attrs.isNull()) {
                if (!attrs.isObject()) {
                    throw ApiException.badRequest("metadata.attributes must be an object of strings");
                }
                if (attrs.size() > MAX_ATTRIBUTES) {
                    throw ApiException.badRequest("metadata.attributes has more than " + MAX_ATTRIBUTES + " entries");
                }
                for (Map.Entry<String, JsonNode> e : attrs.properties()) {
                    if (!e.getValue().isTextual()) {
                        throw ApiException.badRequest("metadata.attributes." + e.getKey() + " must be a string");
                    }
                    if (e.getKey().length() > 100 || e.getValue().asText().length() > 1000) {
                        throw ApiException.badRequest("metadata.attributes." + e.getKey()
                                + ": keys are at most 100 characters, values at most 1000");
                    }
                    attributes.put(e.getKey(), e.getValue().asText());
                }
            }
            String created = text(metadata, "createdAt", false, "metadata.createdAt");
            if (created != null) {
                try {
                    createdAt = Instant.parse(created);
                } catch (DateTimeParseException e) {
                    throw ApiException.badRequest("metadata.createdAt must be an ISO 8601 date-time");
                }
            }
        }
        JsonNode partsNode = body.get("parts");
        if (partsNode == null || partsNode.isNull()) {
            throw ApiException.badRequest("parts is required");
        }
        if (!partsNode.isArray() || partsNode.isEmpty()) {
            throw ApiException.badRequest("parts must be a non-empty array of messages");
        }
        if (partsNode.size() > MAX_PARTS) {
            throw ApiException.badRequest("parts has more than " + MAX_PARTS + " messages");
        }
        List<Part> parts = new ArrayList<>(partsNode.size());
        for (int i = 0; i < partsNode.size(); i++) {
            JsonNode p = partsNode.get(i);
            String at = "parts[" + i + "]";
            if (!p.isObject()) {
                throw ApiException.badRequest(at + " must be an object");
            }
            String type = text(p, "type", true, at + ".type");
            if (!type.equals("message")) {
                throw ApiException.badRequest(at + ".type must be message");
            }
            String role = text(p, "role", true, at + ".role");
            if (!ROLE.matcher(role).matches()) {
                throw ApiException.badRequest(at + ".role must be a lowercase word such as user or assistant");
            }
            String text = text(p, "body", true, at + ".body");
            if (text.length() > MAX_BODY) {
                throw ApiException.badRequest(at + ".body is longer than " + MAX_BODY + " characters");
            }
            parts.add(new Part(type, role, text));
        }
        String source = attributes.getOrDefault("source", "api");
        return new IngestConversationRequest(id, subject, url, Map.copyOf(attributes), createdAt, List.copyOf(parts),
                source.isBlank() ? "api" : source.strip());
    }

    private static void checkUrl(String url) {
        try {
            URI uri = new URI(url);
            if (uri.getScheme() == null || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))
                    || url.length() > 2048) {
                throw new IllegalArgumentException();
            }
        } catch (Exception e) {
            throw ApiException.badRequest("metadata.url must be an http(s) URL of at most 2048 characters");
        }
    }

    private static String text(JsonNode node, String field, boolean required) {
        return text(node, field, required, field);
    }

    private static String text(JsonNode node, String field, boolean required, String path) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            if (required) {
                throw ApiException.badRequest(path + " is required");
            }
            return null;
        }
        if (!v.isTextual()) {
            throw ApiException.badRequest(path + " must be a string");
        }
        if (required && v.asText().isBlank()) {
            throw ApiException.badRequest(path + " must not be empty");
        }
        return v.asText();
    }
}
