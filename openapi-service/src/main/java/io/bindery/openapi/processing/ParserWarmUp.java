package io.bindery.openapi.processing;

import io.bindery.openapi.config.OpenApiConfig;
import io.bindery.openapi.versions.Summary;
import io.quarkus.runtime.StartupEvent;
import io.swagger.v3.parser.OpenAPIResolver;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import java.util.List;

/**
 * Parses a small generated spec a few times when the service starts, on a thread of its own: the first upload
 * otherwise loads swagger-parser's and the YAML reader's classes and runs them interpreted, which made it take
 * 3 s longer than the next ones (5.1 s instead of about 2 s for bench/openapi.sh's 5 MB spec). The classes stay
 * loaded either way; this moves them before the first upload instead of into it. Fetching and storing are not
 * warmed (they are the service's everyday HTTP client and database).
 */
@ApplicationScoped
public class ParserWarmUp {
    private static final Logger LOG = Logger.getLogger(ParserWarmUp.class);
    static final int ROUNDS = 5;

    void onStart(@Observes StartupEvent event, OpenApiConfig config) {
        if (!config.processing().enabled()) {
            return;
        }
        Thread.ofPlatform().name("openapi-parser-warm-up").daemon().start(() -> {
            long started = System.nanoTime();
            try {
                for (int i = 0; i < ROUNDS; i++) {
                    parse(spec(100));
                }
                LOG.debugf("parser warmed up in %d ms", (System.nanoTime() - started) / 1_000_000);
            } catch (RuntimeException | StackOverflowError e) {
                LOG.warnf(e, "the parser warm-up failed (the first upload will take longer)");
            }
        });
    }

    /** What processing does with an entry point, less fetching, staging and storing; the summary's operations. */
    static int parse(String yaml) {
        String url = "http://warm-up.invalid/openapi.yaml";
        LeanTree.Doc doc = LeanTree.read(yaml, url);
        ExternalSchemas.named(doc.tree());
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        options.setLegacyYamlDeserialization(true);
        SwaggerParseResult result = SpecParser.deserialize(doc.tree(), "/nonexistent/openapi.yaml", options);
        new OpenAPIResolver(result.getOpenAPI(), null, "/nonexistent/openapi.yaml", null, options).resolve(result);
        Summary.contentHash(List.<String[]>of(new String[]{"openapi.yaml", yaml}));
        return Summary.of(result.getOpenAPI(), java.util.Map.of()).operations().size();
    }

    /** An OpenAPI 3.0 document of {@code operations} operations, in the shape of bench/openapi.sh's. */
    static String spec(int operations) {
        StringBuilder y = new StringBuilder("openapi: 3.0.3\ninfo:\n  title: warm-up\n  version: '1'\npaths:\n");
        for (int i = 0; i < operations; i++) {
            y.append("  /r").append(i).append("/{itemId}:\n    ").append(i % 2 == 0 ? "get" : "post").append(":\n")
                    .append("      operationId: op").append(i).append("\n      description: an operation\n")
                    .append("      parameters:\n        - {name: itemId, in: path, required: true, schema: {type: string}}\n")
                    .append("        - name: limit\n          in: query\n          schema:\n            type: integer\n")
                    .append("      responses:\n        '200':\n          description: ok\n          content:\n")
                    .append("            application/json:\n              schema: {$ref: '#/components/schemas/M")
                    .append(i % 10).append("'}\n        '404': {description: not found}\n");
        }
        y.append("components:\n  schemas:\n");
        for (int i = 0; i < 10; i++) {
            y.append("    M").append(i).append(":\n      type: object\n      required: [id]\n      properties:\n")
                    .append("        id: {type: string}\n        tags: {type: array, items: {type: string}}\n");
        }
        return y.toString();
    }
}
