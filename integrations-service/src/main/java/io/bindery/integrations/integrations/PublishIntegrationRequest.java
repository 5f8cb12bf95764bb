package io.bindery.integrations.integrations;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;

import java.net.URI;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The body of {@code POST /integrations/{name}}, checked field by field against GitBook 0.167.0's
 * publishIntegration. {@code definition} is what the Integration shows (images as data URLs); script, secrets
 * and the signing-secret rotation are kept apart because they are never returned.
 */
public record PublishIntegrationRequest(String organization, ObjectNode definition, String script,
                                        Map<String, String> secrets, boolean rotateSigningSecret, String endpoint) {
    public static final Pattern NAME = Pattern.compile("^[a-zA-Z0-9-_.]{1,100}$");
    public static final Set<String> SCOPES = Set.of("space:content:read", "space:content:write", "space:metadata:read",
            "space:metadata:write", "space:git:sync", "page:feedback:read", "site:metadata:read", "site:views:read",
            "site:script:inject", "site:script:cookies", "site:visitor:auth", "site:adaptive:read",
            "site:adaptive:write", "conversations:ingest", "openapi:read", "openapi:write");
    public static final Set<String> CATEGORIES = Set.of("analytics", "collaboration", "content", "gitsync", "marketing",
            "visitor-auth", "other");
    public static final Set<String> TARGETS = Set.of("all", "site", "space", "organization");
    public static final Set<String> VISIBILITIES = Set.of("public", "private", "unlisted");
    /** Icons and preview images are kept in the row: a bound keeps a row, and every list page, small. */
    static final int MAX_IMAGE_BYTES = 512 * 1024;
    static final int MAX_SCRIPT_CHARS = 2 * 1024 * 1024;
    private static final Set<String> JSON_TYPES = Set.of("string", "number", "integer", "boolean", "object", "array", "null");
    private static final Set<String> CSP_DIRECTIVES = Set.of("base-uri", "block-all-mixed-content", "child-src",
            "connect-src", "default-src", "font-src", "form-action", "frame-ancestors", "frame-src", "img-src",
            "manifest-src", "media-src", "navigate-to", "object-src", "plugin-types", "prefetch-src", "referrer",
            "report-to", "report-uri", "require-sri-for", "require-trusted-types-for", "sandbox", "script-src",
            "script-src-attr", "script-src-elem", "style-src", "style-src-attr", "style-src-elem", "trusted-types",
            "upgrade-insecure-requests", "worker-src");

    public static void checkName(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw ApiException.badRequest("integrationName must be 1 to 100 letters, digits, '-', '_' or '.'");
        }
    }

    public static PublishIntegrationRequest from(JsonNode node) {
        JsonBody body = JsonBody.of(node);
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode d = f.objectNode();
        String organization = body.requiredString("organization", 1, 255);
        String runtime = body.string("runtime").orElse("v1");
        if (!runtime.equals("v1")) {
            throw ApiException.badRequest("runtime must be v1");
        }
        d.put("title", body.requiredString("title", 2, 30));
        d.put("description", body.string("description", 0, 100, false)
                .orElseThrow(() -> ApiException.badRequest("description is required")));
        body.string("summary", 0, 2048, false).ifPresent(s -> d.put("summary", s));
        String script = body.string("script", 0, MAX_SCRIPT_CHARS, false)
                .orElseThrow(() -> ApiException.badRequest("script is required"));
        d.set("scopes", enums(body, "scopes", SCOPES, true));
        d.set("categories", enums(body, "categories", CATEGORIES, false));
        d.put("visibility", oneOf(body, "visibility", VISIBILITIES, "private"));
        d.put("target", oneOf(body, "target", TARGETS, "all"));
        body.string("icon").ifPresent(icon -> d.put("icon", image("icon", icon)));
        ArrayNode previews = f.arrayNode();
        List<String> images = body.strings("previewImages").orElse(List.of());
        if (images.size() > 3) {
            throw ApiException.badRequest("previewImages holds at most 3 images");
        }
        for (int i = 0; i < images.size(); i++) {
            previews.add(image("previewImages[" + i + "]", images.get(i)));
        }
        d.set("previewImages", previews);
        d.set("externalLinks", externalLinks(body.raw("externalLinks")));
        d.set("blocks", components(body.raw("blocks"), "blocks"));
        d.set("contentSources", components(body.raw("contentSources"), "contentSources"));
        JsonNode configurations = body.raw("configurations");
        if (configurations != null && !configurations.isNull()) {
            d.set("configurations", configurations(configurations));
        }
        JsonNode csp = body.raw("contentSecurityPolicy");
        if (csp != null && !csp.isNull()) {
            d.set("contentSecurityPolicy", contentSecurityPolicy(csp));
        }
        String endpoint = body.string("endpoint", 1, 2048, false).map(url -> httpUrl("endpoint", url)).orElse(null);
        return new PublishIntegrationRequest(organization, d, script, secrets(body.raw("secrets")),
                body.bool("rotateSigningSecret").orElse(false), endpoint);
    }

    /**
     * Bindery's extension: the http(s) URL that receives the integration's events (GitBook runs the script
     * instead). Reached through the outbound guard at delivery time, so an internal address fails then.
     */
    public static String httpUrl(String field, String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (java.net.URISyntaxException e) {
            throw ApiException.badRequest(field + " is not a URL: " + url);
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(java.util.Locale.ROOT);
        if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null || uri.getRawUserInfo() != null) {
            throw ApiException.badRequest(field + " must be an http or https URL with a host and no credentials: " + url);
        }
        return url;
    }

    private static ArrayNode enums(JsonBody body, String field, Set<String> allowed, boolean required) {
        if (required && !body.has(field)) {
            throw ApiException.badRequest(field + " is required");
        }
        ArrayNode out = JsonNodeFactory.instance.arrayNode();
        for (String v : body.strings(field).orElse(List.of())) {
            if (!allowed.contains(v)) {
                throw ApiException.badRequest(field + " holds '" + v + "', not one of " + allowed.stream().sorted().toList());
            }
            if (!out.toString().contains("\"" + v + "\"")) {
                out.add(v);
            }
        }
        return out;
    }

    private static String oneOf(JsonBody body, String field, Set<String> allowed, String fallback) {
        String v = body.string(field).orElse(fallback);
        if (!allowed.contains(v)) {
            throw ApiException.badRequest(field + " must be one of " + allowed.stream().sorted().toList());
        }
        return v;
    }

    /**
     * A base64 image (bare, or as a data URL), returned as a data URL: its bytes must decode, start as a PNG,
     * JPEG, GIF, WebP or SVG does, and weigh at most {@value #MAX_IMAGE_BYTES} bytes.
     */
    static String image(String field, String value) {
        String b64 = value;
        if (value.startsWith("data:")) {
            int comma = value.indexOf(',');
            if (comma < 0 || !value.substring(0, comma).endsWith(";base64")) {
                throw ApiException.badRequest(field + " must be a base64 image");
            }
            b64 = value.substring(comma + 1);
        }
        byte[] bytes;
        try {
            bytes = Base64.getMimeDecoder().decode(b64);
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest(field + " is not valid base64");
        }
        if (bytes.length == 0) {
            throw ApiException.badRequest(field + " is empty");
        }
        if (bytes.length > MAX_IMAGE_BYTES) {
            throw ApiException.badRequest(field + " is " + bytes.length + " bytes, more than " + MAX_IMAGE_BYTES);
        }
        String type = imageType(bytes);
        if (type == null) {
            throw ApiException.badRequest(field + " is not a PNG, JPEG, GIF, WebP or SVG image");
        }
        return "data:" + type + ";base64," + Base64.getEncoder().encodeToString(bytes);
    }

    static String imageType(byte[] b) {
        if (starts(b, 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A)) {
            return "image/png";
        }
        if (starts(b, 0xFF, 0xD8, 0xFF)) {
            return "image/jpeg";
        }
        if (starts(b, 'G', 'I', 'F', '8')) {
            return "image/gif";
        }
        if (b.length >= 12 && starts(b, 'R', 'I', 'F', 'F') && b[8] == 'W' && b[9] == 'E' && b[10] == 'B' && b[11] == 'P') {
            return "image/webp";
        }
        String head = new String(b, 0, Math.min(b.length, 512), java.nio.charset.StandardCharsets.UTF_8).stripLeading();
        if ((head.startsWith("<svg") || head.startsWith("<?xml")) && head.contains("<svg")) {
            return "image/svg+xml";
        }
        return null;
    }

    private static boolean starts(byte[] b, int... prefix) {
        if (b.length < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if ((b[i] & 0xFF) != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    private static ArrayNode externalLinks(JsonNode links) {
        ArrayNode out = JsonNodeFactory.instance.arrayNode();
        if (links == null || links.isNull()) {
            return out;
        }
        if (!links.isArray() || links.size() > 5) {
            throw ApiException.badRequest("externalLinks must be an array of at most 5 links");
        }
        for (JsonNode link : links) {
            JsonBody l = JsonBody.of(link);
            String url = l.requiredString("url", 1, 2048);
            URI uri;
            try {
                uri = URI.create(url);
            } catch (IllegalArgumentException e) {
                throw ApiException.badRequest("externalLinks url is not a URL: " + url);
            }
            if (uri.getScheme() == null || !(uri.getScheme().equals("http") || uri.getScheme().equals("https")) || uri.getHost() == null) {
                throw ApiException.badRequest("externalLinks url must be an http or https URL: " + url);
            }
            out.addObject().put("url", url).put("label", l.requiredString("label", 1, 100));
        }
        return out;
    }

    /** Blocks and content sources: id, title (2 to 40), optional description (150 at most), ids unique. */
    private static ArrayNode components(JsonNode items, String field) {
        ArrayNode out = JsonNodeFactory.instance.arrayNode();
        if (items == null || items.isNull()) {
            return out;
        }
        if (!items.isArray()) {
            throw ApiException.badRequest(field + " must be an array");
        }
        List<String> ids = new ArrayList<>();
        for (JsonNode item : items) {
            JsonBody i = JsonBody.of(item);
            String id = i.requiredString("id", 1, 100);
            if (ids.contains(id)) {
                throw ApiException.badRequest(field + " repeats the id " + id);
            }
            ids.add(id);
            i.requiredString("title", 2, 40);
            i.string("description", 0, 150, false);
            out.add(item.deepCopy());
        }
        return out;
    }

    /**
     * account, space and site configurations: each a JSON Schema of an object ({@code properties} whose members each
     * name a JSON type, optional {@code required}; {@code type} may be left out, as GitBook's
     * IntegrationConfigurationSchema and real manifests do, and then means object) or a component ({@code componentId}).
     */
    static ObjectNode configurations(JsonNode configurations) {
        if (!configurations.isObject()) {
            throw ApiException.badRequest("configurations must be an object");
        }
        configurations.fieldNames().forEachRemaining(name -> {
            if (!Set.of("account", "space", "site").contains(name)) {
                throw ApiException.badRequest("configurations." + name + " is not one of account, space, site");
            }
        });
        for (var e : configurations.properties()) {
            String at = "configurations." + e.getKey();
            JsonNode c = e.getValue();
            if (!c.isObject()) {
                throw ApiException.badRequest(at + " must be an object");
            }
            if (c.has("componentId")) {
                if (!c.get("componentId").isTextual() || c.get("componentId").asText().isBlank()) {
                    throw ApiException.badRequest(at + ".componentId must be a string");
                }
                continue;
            }
            schema(at, c, true);
        }
        return (ObjectNode) configurations.deepCopy();
    }

    private static void schema(String at, JsonNode s, boolean root) {
        if (!s.isObject()) {
            throw ApiException.badRequest(at + " is not a JSON Schema (an object)");
        }
        JsonNode type = s.get("type");
        if (root && type != null && !"object".equals(type.asText())) {
            throw ApiException.badRequest(at + " must be a JSON Schema of type object");
        }
        if (type != null && !(type.isTextual() && JSON_TYPES.contains(type.asText()))) {
            throw ApiException.badRequest(at + ".type must be one of " + JSON_TYPES.stream().sorted().toList());
        }
        JsonNode properties = s.get("properties");
        if (root && (properties == null || !properties.isObject())) {
            throw ApiException.badRequest(at + ".properties must be an object");
        }
        if (properties != null) {
            if (!properties.isObject()) {
                throw ApiException.badRequest(at + ".properties must be an object");
            }
            for (var p : properties.properties()) {
                schema(at + ".properties." + p.getKey(), p.getValue(), false);
            }
        }
        JsonNode required = s.get("required");
        if (required != null) {
            if (!required.isArray()) {
                throw ApiException.badRequest(at + ".required must be an array of property names");
            }
            for (JsonNode r : required) {
                if (!r.isTextual() || properties == null || !properties.has(r.asText())) {
                    throw ApiException.badRequest(at + ".required names " + r + ", not a property");
                }
            }
        }
        JsonNode items = s.get("items");
        if (items != null) {
            schema(at + ".items", items, false);
        }
        JsonNode enumeration = s.get("enum");
        if (enumeration != null && (!enumeration.isArray() || enumeration.isEmpty())) {
            throw ApiException.badRequest(at + ".enum must be a non-empty array");
        }
    }

    private static JsonNode contentSecurityPolicy(JsonNode csp) {
        if (csp.isTextual()) {
            return csp;
        }
        if (!csp.isObject()) {
            throw ApiException.badRequest("contentSecurityPolicy must be a string or an object of directives");
        }
        for (var e : csp.properties()) {
            if (!CSP_DIRECTIVES.contains(e.getKey()) || !e.getValue().isTextual()) {
                throw ApiException.badRequest("contentSecurityPolicy." + e.getKey() + " is not a directive with a string value");
            }
        }
        return csp;
    }

    private static Map<String, String> secrets(JsonNode secrets) {
        Map<String, String> out = new LinkedHashMap<>();
        if (secrets == null || secrets.isNull()) {
            return out;
        }
        if (!secrets.isObject()) {
            throw ApiException.badRequest("secrets must be an object of names to strings");
        }
        for (var e : secrets.properties()) {
            if (!e.getValue().isTextual()) {
                throw ApiException.badRequest("secrets." + e.getKey() + " must be a string");
            }
            out.put(e.getKey(), e.getValue().asText());
        }
        return out;
    }
}
