package io.bindery.openapi.processing;

import io.bindery.openapi.testing.SpecFixtures;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/** SpecParser's deserialize is swagger-parser's parseJsonNode without its copy of the document: same model, same messages. */
class SpecParserTest {

    @Test
    void deserializeGivesWhatParseJsonNodeGives() {
        String invalid = """
                openapi: 3.0.3
                info: {title: Broken}
                paths:
                  /pets:
                    get:
                      operationId: list
                      parameters:
                        - {name: limit, in: query, schema: {type: integer}, unknownKey: 1}
                      responses: {}
                    post:
                      operationId: list
                      responses: {'201': {description: created}}
                """;
        for (String doc : List.of(SpecFixtures.PETS_31, invalid)) {
            ParseOptions options = new ParseOptions();
            options.setResolve(true);
            SwaggerParseResult theirs = new OpenAPIV3Parser().parseJsonNode("/tmp/x/openapi.yaml",
                    LeanTree.read(doc, "u").tree(), options);
            SwaggerParseResult ours = SpecParser.deserialize(LeanTree.read(doc, "u").tree(), "/tmp/x/openapi.yaml", options);
            assertNotNull(ours.getOpenAPI());
            assertEquals(theirs.getOpenAPI(), ours.getOpenAPI());
            assertEquals(theirs.getMessages(), ours.getMessages());
            assertEquals(theirs.isOpenapi31(), ours.isOpenapi31());
        }
        assertFalse(SpecParser.deserialize(LeanTree.read(invalid, "u").tree(), "/tmp/x/openapi.yaml", new ParseOptions())
                .getMessages().isEmpty());
    }

    @Test
    void theWarmUpSpecParsesClean() {
        assertEquals(100, ParserWarmUp.parse(ParserWarmUp.spec(100)));
        ParseOptions options = new ParseOptions();
        assertEquals(List.of(), SpecParser.deserialize(LeanTree.read(ParserWarmUp.spec(3), "u").tree(), "/x/o.yaml", options)
                .getMessages());
    }
}
