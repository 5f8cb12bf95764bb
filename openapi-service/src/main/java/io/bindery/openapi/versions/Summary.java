package io.bindery.openapi.versions;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Callable;

/**
 * What a version's diff compares, kept with the version so that a diff parses nothing: each operation ("GET /pets")
 * with its required parameters and the media types and schema shapes of its responses, and each named schema with
 * a hash of its definition. Swagger 2.0 is summarized after its conversion to OpenAPI 3.
 */
public record Summary(String openapi, String title, String version, Map<String, Op> operations,
                      Map<String, String> schemas) {

    /** An operation: its id, required parameters ({@code in:name}) and responses (status to {@code media: shape}). */
    public record Op(String operationId, List<String> requiredParameters, Map<String, List<String>> responses) {
    }

    /**
     * {@code schemaHashes}: each named schema (components.schemas, Swagger 2.0's definitions, and what external
     * $refs point at) with the hash of its structure (see ExternalSchemas), taken from the documents rather than from
     * the model: OpenAPI 3.1 comes out of the parser with external schemas inlined.
     */
    public static Summary of(OpenAPI api, Map<String, String> schemaHashes) {
        Map<String, Op> operations = new TreeMap<>();
        if (api.getPaths() != null) {
            api.getPaths().forEach((path, item) -> {
                if (item == null) {
                    return;
                }
                for (Map.Entry<PathItem.HttpMethod, Operation> e : item.readOperationsMap().entrySet()) {
                    operations.put(e.getKey().name() + " " + path, op(api, item, e.getValue()));
                }
            });
        }
        Map<String, String> schemas = new TreeMap<>(schemaHashes);
        return new Summary(api.getOpenapi(), api.getInfo() == null ? null : api.getInfo().getTitle(),
                api.getInfo() == null ? null : api.getInfo().getVersion(), operations, schemas);
    }

    private static Op op(OpenAPI api, PathItem item, Operation operation) {
        TreeSet<String> required = new TreeSet<>();
        List<Parameter> parameters = new ArrayList<>();
        if (item.getParameters() != null) {
            parameters.addAll(item.getParameters());
        }
        if (operation.getParameters() != null) {
            parameters.addAll(operation.getParameters());
        }
        for (Parameter p : parameters) {
            Parameter resolved = parameter(api, p);
            if (resolved != null && resolved.getName() != null
                    && (Boolean.TRUE.equals(resolved.getRequired()) || "path".equals(resolved.getIn()))) {
                required.add(resolved.getIn() + ":" + resolved.getName());
            }
        }
        if (operation.getRequestBody() != null && Boolean.TRUE.equals(operation.getRequestBody().getRequired())) {
            required.add("body");
        }
        Map<String, List<String>> responses = new TreeMap<>();
        if (operation.getResponses() != null) {
            operation.getResponses().forEach((status, response) ->
                    responses.put(status, shapes(response(api, response))));
        }
        return new Op(operation.getOperationId(), List.copyOf(required), responses);
    }

    private static Parameter parameter(OpenAPI api, Parameter p) {
        if (p != null && p.get$ref() != null && api.getComponents() != null && api.getComponents().getParameters() != null) {
            return api.getComponents().getParameters().get(simpleName(p.get$ref()));
        }
        return p;
    }

    private static ApiResponse response(OpenAPI api, ApiResponse r) {
        if (r != null && r.get$ref() != null && api.getComponents() != null && api.getComponents().getResponses() != null) {
            ApiResponse named = api.getComponents().getResponses().get(simpleName(r.get$ref()));
            return named == null ? r : named;
        }
        return r;
    }

    private static List<String> shapes(ApiResponse response) {
        List<String> out = new ArrayList<>();
        Content content = response == null ? null : response.getContent();
        if (content != null) {
            for (Map.Entry<String, MediaType> e : new TreeMap<>(content).entrySet()) {
                out.add(e.getKey().toLowerCase(Locale.ROOT) + ": " + shape(e.getValue() == null ? null : e.getValue().getSchema(), 0));
            }
        }
        return out;
    }

    /** A schema's shape: its $ref name, or its type (an array's items' shape within). */
    static String shape(Schema<?> s, int depth) {
        if (s == null) {
            return "any";
        }
        if (s.get$ref() != null) {
            return simpleName(s.get$ref());
        }
        if (depth > 4) {
            return "…";
        }
        String type = s.getType();
        if (type == null && s.getTypes() != null && !s.getTypes().isEmpty()) {
            type = String.join("|", new TreeSet<>(s.getTypes()));
        }
        if (s.getItems() != null) {
            return "array<" + shape(s.getItems(), depth + 1) + ">";
        }
        for (var composed : List.of(List.of("allOf", s.getAllOf() == null ? List.of() : s.getAllOf()),
                List.of("oneOf", s.getOneOf() == null ? List.of() : s.getOneOf()),
                List.of("anyOf", s.getAnyOf() == null ? List.of() : s.getAnyOf()))) {
            @SuppressWarnings("unchecked")
            List<Schema<?>> parts = (List<Schema<?>>) composed.get(1);
            if (!parts.isEmpty()) {
                List<String> inner = new ArrayList<>();
                parts.forEach(part -> inner.add(shape(part, depth + 1)));
                return composed.get(0) + "(" + String.join(", ", inner) + ")";
            }
        }
        return type == null ? "object" : type + (s.getFormat() == null ? "" : "(" + s.getFormat() + ")");
    }

    static String simpleName(String ref) {
        return ref.substring(ref.lastIndexOf('/') + 1);
    }

    /** A file to hash: its path, and its text to read (from disk: a spec's text is not kept in memory). */
    public record HashedFile(String path, Callable<Reader> text) {
    }

    /**
     * The canonical hash of a version's files: each file's path and text (CRLF made LF), in path order; encoded in
     * small chunks, so that a 5 MB file costs no 5 MB array.
     */
    public static String contentHash(List<String[]> pathAndText) {
        List<HashedFile> files = new ArrayList<>(pathAndText.size());
        pathAndText.forEach(f -> files.add(new HashedFile(f[0], () -> new StringReader(f[1]))));
        try {
            return contentHashOf(files);
        } catch (IOException e) {
            throw new IllegalStateException(e); // a StringReader does not fail
        }
    }

    /** {@link #contentHash} of texts read as streams: the same hash for the same paths and texts. */
    public static String contentHashOf(List<HashedFile> files) throws IOException {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            List<HashedFile> sorted = new ArrayList<>(files);
            sorted.sort((a, b) -> a.path().compareTo(b.path()));
            CharsetEncoder encoder = StandardCharsets.UTF_8.newEncoder()
                    .onMalformedInput(CodingErrorAction.REPLACE).onUnmappableCharacter(CodingErrorAction.REPLACE);
            char[] in = new char[8192];
            char[] chunk = new char[8192];
            ByteBuffer bytes = ByteBuffer.allocate(8192 * 3);
            for (HashedFile f : sorted) {
                digest.update(f.path().getBytes(StandardCharsets.UTF_8));
                digest.update((byte) 0);
                int n = 0;
                boolean cr = false; // a CR read last: dropped if an LF follows it
                try (Reader reader = f.text().call()) {
                    for (int read; (read = reader.read(in)) >= 0; ) {
                        for (int i = 0; i < read; i++) {
                            // room for two more chars; a surrogate pair is not split between two chunks (only a
                            // lone high surrogate, not UTF-8 text, reaches the hard limit)
                            if (n >= chunk.length - 4 && !Character.isHighSurrogate(chunk[n - 1]) || n >= chunk.length - 2) {
                                update(digest, encoder, chunk, n, bytes);
                                n = 0;
                            }
                            char c = in[i];
                            if (cr && c != '\n') {
                                chunk[n++] = '\r';
                            }
                            cr = c == '\r';
                            if (!cr) {
                                chunk[n++] = c;
                            }
                        }
                    }
                } catch (IOException | RuntimeException e) {
                    throw e;
                } catch (Exception e) {
                    throw new IOException(e);
                }
                if (cr) {
                    chunk[n++] = '\r';
                }
                update(digest, encoder, chunk, n, bytes);
                digest.update((byte) 0);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void update(MessageDigest digest, CharsetEncoder encoder, char[] chunk, int n, ByteBuffer bytes) {
        bytes.clear();
        encoder.reset();
        encoder.encode(CharBuffer.wrap(chunk, 0, n), bytes, true);
        encoder.flush(bytes);
        bytes.flip();
        digest.update(bytes);
    }
}
