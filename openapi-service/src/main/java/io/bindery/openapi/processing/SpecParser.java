package io.bindery.openapi.processing;

import io.bindery.openapi.specs.ProcessErrorCode;
import io.bindery.openapi.specs.SpecView;
import io.swagger.parser.OpenAPIParser;
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

    /** The parsed document. */
    public record Parsed(OpenAPI openApi) {
    }

    public Parsed parse(SpecFetcher.Files fetched) {
        Path dir = null;
        try {
            dir = Files.createTempDirectory("openapi-spec-");
            Path root = stage(dir, fetched.files());
            SwaggerParseResult result;
            try {
                ParseOptions options = new ParseOptions();
                options.setResolve(true);
                result = new OpenAPIParser().readLocation(root.toAbsolutePath().toString(), null, options);
            } catch (RuntimeException | StackOverflowError e) {
                throw ProcessingFailure.of(ProcessErrorCode.PARSE_ERROR, "the document cannot be parsed: "
                        + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()),
                        fetched.entryUrl());
            }
            List<SpecView.ProcessError> errors = new ArrayList<>();
            String entry = fetched.entryUrl();
            if (result.getMessages() != null) {
                for (String message : result.getMessages()) {
                    errors.add(error(message, entry, dir));
                }
            }
            if (result.getOpenAPI() == null && errors.isEmpty()) {
                errors.add(new SpecView.ProcessError("the document is not an OpenAPI 3.0, 3.1 or Swagger 2.0 document",
                        ProcessErrorCode.PARSE_ERROR.wire(), entry));
            }
            if (!errors.isEmpty()) {
                throw new ProcessingFailure(ProcessErrorCode.PARSE_ERROR, errors);
            }
            return new Parsed(result.getOpenAPI());
        } catch (IOException e) {
            throw ProcessingFailure.of(ProcessErrorCode.PARSE_ERROR, "the spec's files cannot be laid out for parsing: "
                    + e.getMessage(), fetched.entryUrl());
        } finally {
            if (dir != null) {
                delete(dir);
            }
        }
    }

    /** swagger-parser's message, with the attribute it names as the location and the private directory hidden. */
    static SpecView.ProcessError error(String message, String entry, Path dir) {
        String text = message.replace(dir.toAbsolutePath() + "/", "");
        Matcher m = ATTRIBUTE.matcher(text);
        String location = m.find() ? entry + "#" + m.group(1) : entry;
        return new SpecView.ProcessError(text, ProcessErrorCode.PARSE_ERROR.wire(), location);
    }

    /** Writes the copies; returns the entry point's. */
    static Path stage(Path dir, List<SpecFile> files) throws IOException {
        Map<String, Path> local = new HashMap<>();
        for (SpecFile f : files) {
            local.putIfAbsent(f.url(), localPath(dir, f.url()));
        }
        for (SpecFile f : files) {
            Path copy = local.get(f.url());
            String text = f.text();
            URI base = URI.create(f.url());
            for (String ref : SpecFetcher.externalRefs(text, f.url())) {
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
                    text = text.replace(file, relative);
                } else if (!copy.getParent().resolve(file).normalize().equals(targetCopy)) {
                    throw ProcessingFailure.of(ProcessErrorCode.PARSE_ERROR, "$ref " + ref + " cannot be resolved: it "
                            + "leaves the folders of its host", f.url());
                }
            }
            Files.createDirectories(copy.getParent());
            Files.writeString(copy, text, StandardCharsets.UTF_8);
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
