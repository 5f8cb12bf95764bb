package io.bindery.e2e;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import com.atlassian.oai.validator.restassured.RestAssuredRequest;
import com.atlassian.oai.validator.restassured.RestAssuredResponse;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.restassured.filter.FilterContext;
import io.restassured.filter.OrderedFilter;
import io.restassured.response.Response;
import io.restassured.specification.FilterableRequestSpecification;
import io.restassured.specification.FilterableResponseSpecification;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A client generated from GitBook's OpenAPI document must be able to read every Bindery response. This RestAssured
 * filter, on every request the e2e suite sends through the gateway, checks the response against each document named
 * in {@code BINDERY_E2E_GITBOOK_SPECS} ("0.167.0=/path/openapi.json 0.202.0=/path/openapi.json", which
 * {@code ./platform test} fetches with npm) and fails the request, and so the test, when it does not conform.
 *
 * <p>Only what GitBook documents is checked: a path or method GitBook does not have (Bindery's own routes), and an
 * error status GitBook does not list for the operation (its document lists few), are counted, not judged. Where
 * spec/api.md deliberately differs, an entry of {@link ConformanceAllowlist} says so and why. The tally (responses
 * checked, operations covered) goes to {@code target/gitbook-conformance.txt} and standard output at the end.
 */
final class GitBookConformance implements OrderedFilter {
    private static final ObjectMapper JSON = new ObjectMapper();
    static final GitBookConformance FILTER = new GitBookConformance(); // after JSON: the constructor reads with it

    /** Messages that mean "GitBook does not document this", not "this does not conform". */
    private static final Set<String> UNDOCUMENTED = Set.of(
            "validation.response.path.missing", "validation.request.path.missing",
            "validation.response.operation.notAllowed", "validation.request.operation.notAllowed");

    private record Document(String version, OpenApiInteractionValidator validator, Set<String> covered, JsonNode spec) {
    }

    /** Request findings that only say who may call (the e2e suite also sends requests without a token, on purpose). */
    private static final String SECURITY = "validation.request.security.";

    private final List<Document> documents;
    /** In report mode: each distinct mismatch, with one request that showed it. */
    private final Map<String, String> mismatches = new ConcurrentHashMap<>();
    /** BINDERY_E2E_CONFORMANCE=report lists every mismatch in the tally instead of failing the test at the first. */
    private final boolean reportOnly = "report".equals(System.getenv("BINDERY_E2E_CONFORMANCE"));
    private final AtomicLong checked = new AtomicLong();
    private final AtomicLong requestsChecked = new AtomicLong();
    private final AtomicLong undocumented = new AtomicLong();
    private final Map<String, AtomicLong> allowed = new ConcurrentHashMap<>();

    private GitBookConformance() {
        documents = load(System.getenv().getOrDefault("BINDERY_E2E_GITBOOK_SPECS", ""));
        Runtime.getRuntime().addShutdownHook(new Thread(this::writeTally, "gitbook-conformance-tally"));
    }

    private static List<Document> load(String setting) {
        List<Document> loaded = new ArrayList<>();
        for (String entry : setting.trim().split("\\s+")) {
            if (entry.isEmpty()) {
                continue;
            }
            int eq = entry.indexOf('=');
            if (eq < 1 || !Files.isReadable(Path.of(entry.substring(eq + 1)))) {
                // Set but unreadable is a broken run, not a reason to check nothing.
                throw new IllegalStateException("BINDERY_E2E_GITBOOK_SPECS: no readable document in '" + entry + "'");
            }
            String version = entry.substring(0, eq);
            Set<String> covered = ConcurrentHashMap.newKeySet();
            String spec30 = asOpenApi30(Path.of(entry.substring(eq + 1)));
            OpenApiInteractionValidator validator = OpenApiInteractionValidator
                    .createForInlineApiSpecification(spec30)
                    // GitBook's server is "{host}/v1"; Bindery serves the same paths under /v1
                    .withBasePathOverride("/v1")
                    // Resolving GitBook's recursive schemas up front takes gigabytes; the JSON Schema validator
                    // follows $ref and allOf/oneOf itself, in 60 MB and a few ms a response.
                    .withResolveRefs(false)
                    .withResolveCombinators(false)
                    // The validator would add "additionalProperties: false" to every object schema GitBook leaves
                    // open; a client reads past fields it does not know, so only GitBook's own closed objects count.
                    .withLevelResolver(LevelResolver.create()
                            .withLevel("validation.schema.additionalProperties", ValidationReport.Level.IGNORE).build())
                    .withCustomResponseValidation((response, operation) -> {
                        covered.add(operation.getMethod() + " " + operation.getApiPath().original());
                        return ValidationReport.empty();
                    })
                    .build();
            try {
                loaded.add(new Document(version, validator, covered, JSON.readTree(spec30)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        if (loaded.isEmpty()) {
            System.out.println("[gitbook-conformance] BINDERY_E2E_GITBOOK_SPECS unset: responses are NOT checked "
                    + "against GitBook's OpenAPI documents (./platform test sets it)");
        }
        return loaded;
    }

    /**
     * GitBook publishes OpenAPI 3.1. The validator's 3.1 path deep-copies every schema reference (it ran out of a
     * 6 GB heap here), while its 3.0 path is lean, and GitBook's documents use only four 3.1 features: a type
     * array with "null" (becomes {@code nullable}), {@code propertyNames}, {@code const} and {@code examples} (the
     * last three only constrain keys of localized maps or document examples; dropping them loosens nothing that
     * Bindery's responses use). {@code discriminator} goes too: the validator takes its value for a schema name
     * ("document" for RevisionPageDocument) and fails every page; the {@code oneOf} it sits on still has each
     * variant's {@code type} enum, so a response must still match exactly one variant.
     */
    static String asOpenApi30(Path document) {
        try {
            ObjectNode spec = (ObjectNode) JSON.readTree(document.toFile());
            spec.put("openapi", "3.0.3");
            inlineSharedResponses(spec);
            inlineSharedParameters(spec);
            repairContradictions(spec.with("components").with("schemas"));
            downgrade(spec);
            return JSON.writeValueAsString(spec);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + document, e);
        }
    }

    /**
     * GitBook's error responses are references ("404": {"$ref": "#/components/responses/NotFoundError"}), which
     * the validator, with references left to the schema validator, would read as "no body"; put each one in place.
     */
    private static void inlineSharedResponses(ObjectNode spec) {
        JsonNode shared = spec.path("components").path("responses");
        spec.path("paths").forEach(item -> item.forEach(operation -> {
            if (operation.get("responses") instanceof ObjectNode responses) {
                responses.properties().forEach(entry -> {
                    String ref = entry.getValue().path("$ref").asText("");
                    if (ref.startsWith("#/components/responses/")) {
                        entry.setValue(shared.path(ref.substring("#/components/responses/".length())).deepCopy());
                    }
                });
            }
        }));
    }

    /**
     * GitBook's parameters are references too ({@code {"$ref": "#/components/parameters/listPage"}}), which the
     * validator, with references left unresolved, would not know (every documented query parameter "unexpected");
     * put each in place, with its schema's own top-level reference resolved (an enum of roles), so that the value
     * is read as the string it is.
     */
    private static void inlineSharedParameters(ObjectNode spec) {
        spec.path("paths").forEach(item -> item.forEach(operation -> {
            if (operation.get("parameters") instanceof ArrayNode parameters) {
                for (int i = 0; i < parameters.size(); i++) {
                    JsonNode p = parameters.get(i);
                    if (p.has("$ref")) {
                        p = resolve(spec, p);
                    }
                    ObjectNode copy = p.deepCopy();
                    if (copy.get("schema") instanceof ObjectNode schema) {
                        copy.set("schema", plainParameterSchema(spec, schema));
                    }
                    parameters.set(i, copy);
                }
            }
        }));
    }

    /**
     * A parameter's schema with its references resolved; a oneOf/anyOf of string enums (a role, or null for a
     * guest) becomes one string enum, which the validator reads as a string (it parsed "admin" as JSON otherwise).
     */
    private static ObjectNode plainParameterSchema(JsonNode spec, JsonNode schema) {
        ObjectNode resolved = resolve(spec, schema).deepCopy();
        resolved.remove("$ref");
        JsonNode variants = resolved.has("oneOf") ? resolved.get("oneOf") : resolved.get("anyOf");
        if (variants == null || resolved.has("type")) {
            return resolved;
        }
        ArrayNode values = JSON.createArrayNode();
        boolean nullable = false;
        for (JsonNode v : variants) {
            ObjectNode plain = plainParameterSchema(spec, v);
            String type = plain.path("type").asText("");
            if (type.equals("null") || plain.path("nullable").asBoolean(false)) {
                nullable = true;
            }
            if (type.equals("string") && plain.has("enum")) {
                plain.get("enum").forEach(values::add);
            } else if (!type.equals("null")) {
                return resolved;
            }
        }
        ObjectNode out = JSON.createObjectNode().put("type", "string");
        out.set("enum", values);
        if (nullable) {
            out.put("nullable", true);
        }
        return out;
    }

    /**
     * Two places where GitBook's document says, in JSON Schema, something no response can satisfy (its TypeScript
     * types, which its own clients use, mean otherwise). Each is rewritten to what the types say:
     * <ul>
     * <li>{@code Document} is a oneOf of markdown, JSON document, and "Empty" {@code {additionalProperties: false}};
     * in the allOf of a page, "Empty" refuses every page field, so a page without a body could never match. Empty
     * means "neither body": say that.</li>
     * <li>A page_edited change's {@code attributes} is a oneOf of three attribute sets that share title, slug and
     * description, so {@code {"title": …}} matches all three: anyOf is what is meant.</li>
     * </ul>
     */
    private static void repairContradictions(ObjectNode schemas) {
        if (schemas.path("Document").path("oneOf") instanceof ArrayNode bodies) {
            for (int i = 0; i < bodies.size(); i++) {
                if ("Empty".equals(bodies.get(i).path("title").asText())) {
                    ObjectNode neither = JSON.createObjectNode().put("title", "Empty");
                    neither.putObject("not").putArray("anyOf")
                            .add(JSON.createObjectNode().set("required", JSON.createArrayNode().add("document")))
                            .add(JSON.createObjectNode().set("required", JSON.createArrayNode().add("markdown")));
                    bodies.set(i, neither);
                }
            }
        }
        JsonNode edited = schemas.path("RevisionSemanticChangePageEdited").path("properties").path("attributes");
        if (edited instanceof ObjectNode attributes && attributes.has("oneOf")) {
            attributes.set("anyOf", attributes.remove("oneOf"));
        }
    }

    private static void downgrade(JsonNode node) {
        if (node instanceof ObjectNode object) {
            if (object.get("type") instanceof ArrayNode types) {
                List<String> named = new ArrayList<>();
                types.forEach(t -> named.add(t.asText()));
                if (named.remove("null")) {
                    object.put("nullable", true);
                }
                if (named.size() == 1) {
                    object.put("type", named.get(0));
                } else {
                    object.remove("type");
                }
            }
            object.remove(List.of("propertyNames", "const", "examples", "discriminator"));
            object.elements().forEachRemaining(GitBookConformance::downgrade);
        } else if (node instanceof ArrayNode array) {
            array.elements().forEachRemaining(GitBookConformance::downgrade);
        }
    }

    @Override
    public int getOrder() {
        return OrderedFilter.HIGHEST_PRECEDENCE;
    }

    @Override
    public Response filter(FilterableRequestSpecification request, FilterableResponseSpecification responseSpec,
                           FilterContext context) {
        Response response = context.next(request, responseSpec);
        if (!documents.isEmpty()) {
            String path = URI.create(request.getURI()).getRawPath();
            check(request.getMethod(), path, response);
            // A request Bindery refused (4xx, 5xx) is a test of the refusal, not a claim that GitBook sends it;
            // outside /v1 (health, JWKS, published sites) is not GitBook's API.
            if (response.statusCode() < 400 && path.startsWith("/v1/")) {
                checkRequest(request.getMethod().toUpperCase(Locale.ROOT), path, RestAssuredRequest.of(request),
                        response.statusCode());
            }
        }
        return response;
    }

    private void checkRequest(String method, String path, Request request, int status) {
        List<String> problems = requestFindings(method, path, request);
        requestsChecked.incrementAndGet();
        if (!problems.isEmpty() && reportOnly) {
            problems.forEach(p -> mismatches.putIfAbsent(method + " " + p, path + " (" + status + ")"));
        } else if (!problems.isEmpty()) {
            throw new AssertionError("request " + method + " " + path + " (Bindery answered " + status
                    + ") is not one GitBook's OpenAPI document describes:\n  " + String.join("\n  ", problems)
                    + "\nbody: " + abbreviate(bodyText(request)));
        }
    }

    /**
     * What a request Bindery accepted has that GitBook's documents do not describe, less what the allowlist allows:
     * a route no document has, a body or parameter its schema refuses, or a body field the operation's schema
     * does not name (GitBook leaves most request objects open, so JSON Schema alone would not see it). A request
     * that one document (with the route) takes whole is GitBook's: a client of that version may send it. Each
     * finding starts with "request: "; an accepted request that is not GitBook's is a Bindery extension and needs
     * an entry.
     */
    List<String> requestFindings(String method, String path, Request request) {
        List<String> problems = new ArrayList<>();
        List<String> perDocument = new ArrayList<>();
        int documented = 0;
        boolean acceptedByOne = false;
        for (Document document : documents) {
            ValidationReport report = document.validator().validateRequest(request);
            boolean routeKnown = true;
            List<String> found = new ArrayList<>();
            for (ValidationReport.Message message : report.getMessages()) {
                if (UNDOCUMENTED.contains(message.getKey())) {
                    routeKnown = false;
                } else if (message.getLevel() == ValidationReport.Level.ERROR && !message.getKey().startsWith(SECURITY)) {
                    found.add("request: " + describe(message, ""));
                }
            }
            if (!routeKnown) {
                continue;
            }
            documented++;
            JsonNode operation = operation(document.spec(), method, path);
            JsonNode body = null;
            try {
                String text = bodyText(request);
                body = text.isEmpty() ? null : JSON.readTree(text);
            } catch (IOException | RuntimeException e) {
                // not JSON: the validator has said so already
            }
            if (operation != null && body != null) {
                JsonNode schema = operation.path("requestBody").path("content").path("application/json").path("schema");
                for (String field : undocumentedFields(document.spec(), schema, body, "", 0)) {
                    found.add("request: [extension] body field '" + field + "' is not in GitBook's request schema");
                }
            }
            acceptedByOne |= found.isEmpty();
            found.forEach(f -> perDocument.add(document.version() + "\u0000" + f));
        }
        if (documented == 0) {
            // A route no document has: path in the finding, so that the report names each
            for (Document document : documents) {
                perDocument.add(document.version() + "\u0000request: [extension] route not in GitBook's documents: "
                        + method + " " + path);
            }
        } else if (acceptedByOne) {
            return problems; // a client of one of the documents may send it
        }
        for (String f : perDocument) {
            String version = f.substring(0, f.indexOf('\u0000'));
            String finding = f.substring(f.indexOf('\u0000') + 1);
            String reason = ConformanceAllowlist.reason(version, method, path, finding);
            if (reason != null) {
                allowed.computeIfAbsent(version + ": " + reason, k -> new AtomicLong()).incrementAndGet();
            } else {
                problems.add("@gitbook/api " + version + ": " + finding);
            }
        }
        return problems;
    }

    private static String bodyText(Request request) {
        try {
            return request.getRequestBody().isPresent()
                    ? request.getRequestBody().get().toString(java.nio.charset.StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            return "";
        }
    }

    /** The operation of a document that a concrete path matches (the most literal template, as a router picks). */
    static JsonNode operation(JsonNode spec, String method, String path) {
        String bare = path.startsWith("/v1/") ? path.substring(3) : path;
        String[] segments = bare.split("/", -1);
        JsonNode best = null;
        int bestParams = Integer.MAX_VALUE;
        for (var entry : spec.path("paths").properties()) {
            String[] template = entry.getKey().split("/", -1);
            if (template.length != segments.length || !entry.getValue().has(method.toLowerCase(Locale.ROOT))) {
                continue;
            }
            int params = 0;
            boolean match = true;
            for (int i = 0; i < template.length && match; i++) {
                if (template[i].startsWith("{")) {
                    params++;
                } else {
                    match = template[i].equals(segments[i]);
                }
            }
            if (match && params < bestParams) {
                best = entry.getValue().get(method.toLowerCase(Locale.ROOT));
                bestParams = params;
            }
        }
        return best;
    }

    static JsonNode resolve(JsonNode spec, JsonNode schema) {
        for (int i = 0; i < 20 && schema.has("$ref"); i++) {
            schema = spec.at(schema.get("$ref").asText().substring(1));
        }
        return schema;
    }

    /**
     * Fields of a JSON value that the schema names nowhere: a property of an object whose schema (with its
     * allOf/oneOf/anyOf variants, together) lists properties and allows no others. Open maps are not judged.
     */
    static List<String> undocumentedFields(JsonNode spec, JsonNode schema, JsonNode value, String at, int depth) {
        List<String> found = new ArrayList<>();
        if (depth > 8 || schema == null || schema.isMissingNode()) {
            return found;
        }
        if (value.isArray()) {
            JsonNode items = resolve(spec, schema).path("items");
            if (!items.isMissingNode()) {
                for (JsonNode item : value) {
                    found.addAll(undocumentedFields(spec, items, item, at + "[]", depth + 1));
                }
            }
            return found;
        }
        if (!value.isObject()) {
            return found;
        }
        Map<String, List<JsonNode>> properties = new java.util.LinkedHashMap<>();
        if (!collectProperties(spec, schema, properties, 0)) {
            return found; // open somewhere: additionalProperties, or a variant without properties
        }
        value.properties().forEach(e -> {
            List<JsonNode> schemas = properties.get(e.getKey());
            if (schemas == null) {
                found.add(at + e.getKey());
            } else if (schemas.size() == 1) {
                found.addAll(undocumentedFields(spec, schemas.get(0), e.getValue(), at + e.getKey() + ".", depth + 1));
            }
        });
        return found;
    }

    /** Adds every property the schema can name; false when it allows properties it does not name. */
    private static boolean collectProperties(JsonNode spec, JsonNode schema, Map<String, List<JsonNode>> into, int depth) {
        schema = resolve(spec, schema);
        if (depth > 10) {
            return false;
        }
        boolean closed = false;
        for (String combinator : List.of("allOf", "oneOf", "anyOf")) {
            for (JsonNode variant : schema.path(combinator)) {
                if (!collectProperties(spec, variant, into, depth + 1)) {
                    return false;
                }
                closed = true;
            }
        }
        if (schema.has("properties")) {
            schema.get("properties").properties().forEach(e ->
                    into.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(e.getValue()));
            closed = true;
        }
        JsonNode additional = schema.path("additionalProperties");
        if (!additional.isMissingNode() && !(additional.isBoolean() && !additional.asBoolean())) {
            return false;
        }
        return closed;
    }

    private void check(String requestMethod, String path, Response response) {
        String method = requestMethod.toUpperCase(Locale.ROOT);
        List<String> problems = findings(method, path, RestAssuredResponse.of(response));
        checked.incrementAndGet();
        if (!problems.isEmpty() && reportOnly) {
            problems.forEach(p -> mismatches.putIfAbsent(method + " " + p, path + " (" + response.statusCode() + ")"));
        } else if (!problems.isEmpty()) {
            throw new AssertionError("response of " + method + " " + path + " (" + response.statusCode()
                    + ") does not conform to GitBook's OpenAPI document:\n  " + String.join("\n  ", problems)
                    + "\nbody: " + abbreviate(response.asString()));
        }
    }

    boolean enabled() {
        return !documents.isEmpty();
    }

    /** What does not conform in one response, per document, less what the allowlist allows. */
    List<String> findings(String method, String path, com.atlassian.oai.validator.model.Response response) {
        Request.Method verb = Request.Method.valueOf(method);
        List<String> problems = new ArrayList<>();
        for (Document document : documents) {
            ValidationReport report = document.validator().validateResponse(path, verb, response);
            for (ValidationReport.Message message : report.getMessages()) {
                if (UNDOCUMENTED.contains(message.getKey())
                        || (message.getKey().equals("validation.response.status.unknown") && response.getStatus() >= 400)) {
                    undocumented.incrementAndGet();
                } else if (message.getLevel() == ValidationReport.Level.ERROR) {
                    String finding = describe(message, "");
                    String reason = ConformanceAllowlist.reason(document.version(), method, path, finding);
                    if (reason != null) {
                        allowed.computeIfAbsent(document.version() + ": " + reason, k -> new AtomicLong()).incrementAndGet();
                    } else {
                        problems.add("@gitbook/api " + document.version() + ": " + finding);
                    }
                }
            }
        }
        return problems;
    }

    /** A message with the nested ones that say why a oneOf/allOf failed, one per line. */
    private static String describe(ValidationReport.Message message, String indent) {
        StringBuilder out = new StringBuilder("[").append(message.getKey()).append("] ").append(message.getMessage());
        for (ValidationReport.Message nested : message.getNestedMessages()) {
            out.append("\n    ").append(indent).append(describe(nested, indent + "  "));
        }
        return out.toString();
    }

    private static String abbreviate(String body) {
        return body.length() <= 2000 ? body : body.substring(0, 2000) + "…";
    }

    private void writeTally() {
        if (documents.isEmpty()) {
            return;
        }
        StringBuilder out = new StringBuilder("GitBook conformance: ").append(checked).append(" responses and ")
                .append(requestsChecked).append(" accepted requests checked; ")
                .append(undocumented).append(" findings on routes or error statuses GitBook does not document\n");
        for (Document document : documents) {
            Set<String> sorted = new TreeSet<>(document.covered());
            out.append("@gitbook/api ").append(document.version()).append(": ").append(sorted.size())
                    .append(" documented operations exercised\n");
            sorted.forEach(op -> out.append("  ").append(op).append('\n'));
        }
        new TreeMap<>(mismatches).forEach((problem, example) ->
                out.append("DOES NOT CONFORM ").append(problem).append("\n    e.g. ").append(example).append('\n'));
        new TreeMap<>(allowed).forEach((rule, n) -> out.append("allowed ").append(n).append("x: ").append(rule).append('\n'));
        System.out.print(out);
        try {
            Files.createDirectories(Path.of("target"));
            Files.writeString(Path.of("target", "gitbook-conformance.txt"), out);
        } catch (IOException e) {
            System.err.println("[gitbook-conformance] could not write the tally: " + e);
        }
    }
}
