package io.bindery.sites.adaptive;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.errors.ApiException;
import io.bindery.sites.testing.SiteFixtures;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** CEL conditions: checked against the adaptive schema when written, evaluated per visitor. No Quarkus. */
class ConditionsTest {

    final Conditions conditions = new Conditions();
    final JsonNode schema;

    ConditionsTest() throws Exception {
        schema = new ObjectMapper().readTree(SiteFixtures.SCHEMA);
    }

    String rejected(String condition) {
        return assertThrows(ApiException.class, () -> conditions.check("condition", condition, schema)).getMessage();
    }

    @Test
    void conditionsOverKnownClaimsAreAccepted() {
        for (String c : List.of("visitor.claims.unsigned.plan == \"pro\"", "visitor.claims.beta",
                "visitor.claims.seats > 10 && !visitor.claims.beta", "\"admin\" in visitor.claims.roles",
                "has(visitor.claims.unsigned.region)", "visitor.claims.roles.exists(r, r == \"dev\")")) {
            assertDoesNotThrow(() -> conditions.check("condition", c, schema), c);
        }
    }

    @Test
    void syntaxAndTypeErrorsAre400WithThePosition() {
        String syntax = rejected("visitor.claims.beta &&");
        assertTrue(syntax.contains("not a valid expression") && syntax.contains("line 1, column"), syntax);
        String notBool = rejected("\"pro\"");
        assertTrue(notBool.contains("not a valid expression"), notBool);
        String unknownVar = rejected("user.claims.beta");
        assertTrue(unknownVar.contains("user"), unknownVar);
    }

    @Test
    void claimsOutsideTheSchemaAre400WithThePosition() {
        String m = rejected("visitor.claims.beta || visitor.claims.unsigned.tier == \"gold\"");
        assertTrue(m.contains("visitor.claims.unsigned.tier is not in the site's adaptive schema"), m);
        assertTrue(m.contains("line 1, column"), m);
        assertTrue(rejected("visitor.name == \"x\"").contains("conditions read visitor.claims"));
        assertTrue(rejected("visitor.claims.plan == \"pro\"").contains("visitor.claims.plan"));
        assertTrue(rejected("x".repeat(1025)).contains("at most 1024"));
    }

    @Test
    void twoVisitorsWithDifferentClaimsSeeDifferentAnswers() {
        String pro = "visitor.claims.unsigned.plan == \"pro\"";
        Map<String, Object> proVisitor = Map.of("unsigned", Map.of("plan", "pro"), "beta", true, "seats", 20L);
        Map<String, Object> freeVisitor = Map.of("unsigned", Map.of("plan", "free"), "beta", false);
        assertTrue(conditions.test(pro, proVisitor));
        assertFalse(conditions.test(pro, freeVisitor));
        assertTrue(conditions.test("visitor.claims.beta", proVisitor));
        assertFalse(conditions.test("visitor.claims.beta", freeVisitor));
        // a claim the visitor does not carry makes the condition false, not an error
        assertFalse(conditions.test("visitor.claims.seats > 10", freeVisitor));
        assertTrue(conditions.test("visitor.claims.seats > 10", proVisitor));
        assertFalse(conditions.test("visitor.claims.beta", Map.of()));
    }

    @Test
    void templateConditionsCompileAgainstTheirSchema() {
        List<TemplateConditions.Item> items = TemplateConditions.of(schema);
        assertEquals(List.of("visitor.claims.beta", "visitor.claims.seats > 0", "\"admin\" in visitor.claims.roles",
                        "visitor.claims.unsigned.plan == \"free\"", "visitor.claims.unsigned.plan == \"pro\"",
                        "has(visitor.claims.unsigned.region)"),
                items.stream().map(TemplateConditions.Item::condition).toList());
        items.forEach(i -> assertDoesNotThrow(() -> conditions.check("condition", i.condition(), schema), i.condition()));
    }
}
