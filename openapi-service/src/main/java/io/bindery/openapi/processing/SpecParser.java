package io.bindery.openapi.processing;

import io.bindery.openapi.versions.SpecFile;
import io.bindery.openapi.specs.ProcessErrorCode;
import io.bindery.openapi.specs.SpecView;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.swagger.parser.OpenAPIParser;
import io.swagger.v3.parser.OpenAPIResolver;
import io.swagger.v3.parser.reference.DereferencerContext;
import io.swagger.v3.parser.reference.DereferencersFactory;
import io.swagger.v3.parser.reference.OpenAPIDereferencer;
import io.swagger.v3.parser.util.OpenAPIDeserializer;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import jakarta.enterprise.context.ApplicationScoped;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Parses and validates a spec with swagger-parser (OpenAPI 3.0 and 3.1; Swagger 2.0 through its converter; JSON or
 * YAML), external $refs resolved. The files were fetched through the guard (SpecFetcher); they are laid out in a
 * private directory as their URLs are (one folder per origin, the URL's path below it), with every absolute $ref
 * rewritten to the relative path of its copy, so that the parser resolves each $ref to a copy and opens no URL
 * itself. A relative $ref that would leave its origin's folder is refused.
 */
@ApplicationScoped
public class SpecParser {
    static {
        // swagger-parser refuses YAML over 3 MB by default; the fetch limit (20 MB) is the one that applies
        for (String key : List.of("maxYamlCodePoints")) {
            if (System.getProperty(key) == null) {
                System.setProperty(key, Integer.toString(Integer.MAX_VALUE));
            }
        }
    }

    private static final Pattern ATTRIBUTE = Pattern.compile("attribute (\\S+)");

    /** The parsed document, and the hashes of its named schemas (taken from its tree, see ExternalSchemas). */
    public record Parsed(OpenAPI openApi, Map<String, String> schemaHashes) {
    }

    public Parsed parse(SpecFetcher.Files fetched) {
        LeanTree.Doc entry = fetched.takeEntry();
        Path dir = null;
        try {
            dir = Files.createTempDirectory("openapi-spec-");
            Map<String, String> rewritten = new HashMap<>();
            Path root = stage(dir, fetched.files(), rewritten);
            // the entry point is parsed from its tree: its absolute $refs point at their copies too
            for (ObjectNode holder : entry.refHolders()) {
                String ref = holder.get("$ref").asText();
                int hash = ref.indexOf('#');
                String file = hash < 0 ? ref : ref.substring(0, hash);
                String local = rewritten.get(file);
                if (local != null) {
                    holder.put("$ref", local + (hash < 0 ? "" : ref.substring(hash)));
                }
            }
            Map<String, String> schemaHashes = ExternalSchemas.named(entry.tree());
            // the tree is handed over in a holder: read lets go of it once the model is built, before resolving
            AtomicReference<JsonNode> tree = new AtomicReference<>(entry.tree());
            entry = null;
            SwaggerParseResult result;
            String location = root.toAbsolutePath().toString();
            try {
                result = read(tree, location, fetched.entryUrl());
            } catch (RuntimeException | StackOverflowError e) {
                if (e instanceof ProcessingFailure failure) {
                    throw failure;
                }
                throw ProcessingFailure.of(ProcessErrorCode.PARSE_ERROR, "the document cannot be parsed: "
                        + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()),
                        fetched.entryUrl());
            }
            List<SpecView.ProcessError> errors = new ArrayList<>();
            String entryUrl = fetched.entryUrl();
            if (result.getMessages() != null) {
                for (String message : result.getMessages()) {
                    errors.add(error(message, entryUrl, dir));
                }
            }
            if (result.getOpenAPI() == null && errors.isEmpty()) {
                errors.add(new SpecView.ProcessError("the document is not an OpenAPI 3.0, 3.1 or Swagger 2.0 document",
                        ProcessErrorCode.PARSE_ERROR.wire(), entryUrl));
            }
            if (!errors.isEmpty()) {
                throw new ProcessingFailure(ProcessErrorCode.PARSE_ERROR, errors);
            }
            return new Parsed(result.getOpenAPI(), schemaHashes);
        } catch (IOException e) {
            throw ProcessingFailure.of(ProcessErrorCode.PARSE_ERROR, "the spec's files cannot be laid out for parsing: "
                    + e.getMessage(), fetched.entryUrl());
        } finally {
            if (dir != null) {
                delete(dir);
            }
        }
    }

    /**
     * OpenAPI 3.x is deserialized from the lean tree (taken out of {@code tree}, which is emptied) and its external
     * $refs resolved as swagger-parser's own readLocation does (OpenAPIResolver for 3.0, the dereferencers for 3.1);
     * Swagger 2.0 goes through the converter, which reads the staged copy.
     */
    static SwaggerParseResult read(AtomicReference<JsonNode> tree, String location, String entryUrl) {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        // Jackson's streaming YAML reader instead of a SnakeYAML node graph (several times the heap)
        options.setLegacyYamlDeserialization(true);
        if (tree.get().hasNonNull("openapi")) {
            SwaggerParseResult result = deserialize(tree.getAndSet(null), location, options);
            if (result.getOpenAPI() == null) {
                return result;
            }
            String version = result.getOpenAPI().getOpenapi();
            if (version != null && version.startsWith("3.1")) {
                DereferencerContext context = new DereferencerContext(result, null, location, options, null, null, true);
                List<OpenAPIDereferencer> dereferencers = DereferencersFactory.getInstance().getDereferencers();
                if (!dereferencers.isEmpty()) {
                    dereferencers.get(0).dereference(context, dereferencers.iterator());
                }
            } else {
                new OpenAPIResolver(result.getOpenAPI(), null, location, null, options).resolve(result);
            }
            return result;
        }
        if (tree.getAndSet(null).hasNonNull("swagger")) {
            return new OpenAPIParser().readLocation(location, null, options);
        }
        throw ProcessingFailure.of(ProcessErrorCode.PARSE_ERROR, "the document is not an OpenAPI 3.0, 3.1 or Swagger "
                + "2.0 document: it has neither openapi nor swagger", entryUrl);
    }

    /**
     * What OpenAPIV3Parser.parseJsonNode does (OpenAPIDeserializer.deserialize: the same ParseResult settings,
     * parseRoot, the same messages), less its first step: a copy of the whole document as Java maps (rootMap),
     * which only JsonSchemaParserExtension plugins read, and none is installed here. That copy was as large as the
     * tree and lived as long as the model was being built: a third of what parsing held.
     */
    static SwaggerParseResult deserialize(JsonNode tree, String location, ParseOptions options) {
        SwaggerParseResult result = new SwaggerParseResult();
        try {
            OpenAPIDeserializer.ParseResult parse = new OpenAPIDeserializer.ParseResult();
            parse.setOaiAuthor(options.isOaiAuthor());
            parse.setInferSchemaType(options.isInferSchemaType());
            parse.setAllowEmptyStrings(options.isAllowEmptyString());
            parse.setValidateInternalRefs(options.isValidateInternalRefs());
            parse.setExplicitStyleAndExplode(options.isExplicitStyleAndExplode());
            OpenAPI api = new OpenAPIDeserializer().parseRoot(tree, parse, location);
            result.openapi31(parse.isOpenapi31());
            result.setOpenAPI(api);
            result.setMessages(parse.getMessages());
        } catch (Exception e) {
            result.setMessages(List.of(e.getMessage() == null || e.getMessage().isBlank()
                    ? "Unexpected error deserialising spec" : e.getMessage()));
        }
        return result;
    }

    /** swagger-parser's message, with the attribute it names as the location and the private directory hidden. */
    static SpecView.ProcessError error(String message, String entry, Path dir) {
        String text = message.replace(dir.toAbsolutePath() + "/", "");
        Matcher m = ATTRIBUTE.matcher(text);
        String location = m.find() ? entry + "#" + m.group(1) : entry;
        return new SpecView.ProcessError(text, ProcessErrorCode.PARSE_ERROR.wire(), location);
    }

    /** Writes the copies; returns the entry point's. */
    static Path stage(Path dir, List<SpecFile> files, Map<String, String> entryRewrites) throws IOException {
        Map<String, Path> local = new HashMap<>();
        for (SpecFile f : files) {
            local.putIfAbsent(f.url(), localPath(dir, f.url()));
        }
        for (SpecFile f : files) {
            Path copy = local.get(f.url());
            String text = null; // read from the spool only when an absolute $ref is rewritten
            URI base = URI.create(f.url());
            for (String ref : f.refs()) {
                String target = SpecFetcher.resolve(base, ref, f.url());
                Path targetCopy = local.get(target);
                if (targetCopy == null) {
                    // reached under another name (a redirect): SpecFetcher keyed it by the URL asked
                    targetCopy = localPath(dir, target);
                    if (!Files.exists(targetCopy)) {
                        throw ProcessingFailure.of(ProcessErrorCode.PARSE_ERROR, "$ref " + ref + " was not fetched", f.url());
                    }
                }
                String file = ref.contains("#") ? ref.substring(0, ref.indexOf('#')) : ref;
                if (file.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
                    String relative = copy.getParent().relativize(targetCopy).toString();
                    text = (text == null ? f.text() : text).replace(file, relative);
                    if (f == files.get(0)) {
                        entryRewrites.put(file, relative);
                    }
                } else if (!copy.getParent().resolve(file).normalize().equals(targetCopy)) {
                    throw ProcessingFailure.of(ProcessErrorCode.PARSE_ERROR, "$ref " + ref + " cannot be resolved: it "
                            + "leaves the folders of its host", f.url());
                }
            }
            Files.createDirectories(copy.getParent());
            if (text == null) {
                Files.copy(f.spooled(), copy);
                continue;
            }
            // written through a small buffer: a 5 MB spec costs no 5 MB array of bytes
            try (var writer = Files.newBufferedWriter(copy, StandardCharsets.UTF_8)) {
                writer.write(text);
            }
        }
        return local.get(files.get(0).url());
    }

    /** {@code <dir>/<scheme>_<host>_<port>/<path>}: relative $refs between files of one origin resolve as URLs do. */
    static Path localPath(Path dir, String url) {
        URI uri = URI.create(url);
        String origin = (uri.getScheme() + "_" + uri.getHost() + "_" + uri.getPort()).replaceAll("[^A-Za-z0-9._-]", "_");
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        if (path.endsWith("/")) {
            path = path + "index";
        }
        Path originDir = dir.resolve(origin);
        Path p = originDir.resolve(path.substring(1)).normalize();
        if (!p.startsWith(originDir) || p.equals(originDir)) {
            throw ProcessingFailure.of(ProcessErrorCode.PARSE_ERROR, url + " has a path that cannot be resolved", url);
        }
        if (uri.getRawQuery() != null) {
            p = p.resolveSibling(p.getFileName() + "_" + Integer.toHexString(uri.getRawQuery().hashCode()));
        }
        return p;
    }

    static void delete(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temporary directory left behind is removed with the container
        }
    }
}
