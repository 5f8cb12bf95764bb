package io.bindery.contracts.testing;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The shared JSON fixtures of the contract tests (contracts/&lt;producer&gt;/&lt;name&gt;.json in this test-jar): one
 * example of each internal request and answer. The provider's test checks that what it really serves has every
 * field of the fixture, with the same JSON type ({@link #assertServes}); the consumer's test parses the fixture
 * into the contract record and checks the fields it reads ({@link #read}).
 * <p>
 * Fixtures rather than Pact: both sides are built and tested in this one Maven build, so a fixture file read by
 * both test suites pins the contract without a Pact broker, a network or a second tool, and a change to it shows
 * in the same diff as the code on both sides.
 */
public final class ContractFixtures {
    /** As the services' ObjectMapper (JsonCustomizer): ISO instants, nulls left out unless a field says otherwise. */
    public static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .setSerializationInclusion(JsonInclude.Include.NON_NULL);

    private ContractFixtures() {
    }

    /** The fixture as a tree, e.g. {@code tree("content/space-access")}. */
    public static JsonNode tree(String name) {
        try (InputStream in = ContractFixtures.class.getResourceAsStream("/contracts/" + name + ".json")) {
            if (in == null) {
                throw new IllegalArgumentException("no contract fixture " + name);
            }
            return JSON.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The fixture parsed into its contract record, as a consumer reads the answer. */
    public static <T> T read(String name, Class<T> type) {
        try {
            return JSON.treeToValue(tree(name), type);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The record's side: the fixture read into {@code record} and written again (through text, as on the wire: a
     * valueToTree would keep a long 42 apart from the fixture's int 42) is the same JSON, so the record has exactly
     * the fixture's field names and its null handling is the wire's.
     */
    public static void assertRoundTrips(String name, Class<?> record) throws IOException {
        JsonNode expected = tree(name);
        Object parsed = JSON.treeToValue(expected, record);
        assertEquals(expected, JSON.readTree(JSON.writeValueAsString(parsed)), name);
    }

    /**
     * The provider's side: {@code served} (a real answer) has every field of the fixture, recursively, with the
     * same JSON type; a field that is null in the fixture must be present (sent as null or with a value). Fields
     * beyond the fixture's are allowed: consumers ignore what they do not read. Array elements are checked
     * against the fixture's first element.
     */
    public static void assertServes(String name, JsonNode served) {
        check(name, tree(name), served, "$");
    }

    private static void check(String name, JsonNode expected, JsonNode actual, String at) {
        if (actual == null || actual.isMissingNode()) {
            fail(name + ": " + at + " is missing in the provider's answer");
        }
        if (expected.isNull()) {
            return;
        }
        if (actual.isNull()) {
            fail(name + ": " + at + " is null in the provider's answer, the fixture has " + expected.getNodeType());
        }
        assertTrue(expected.getNodeType() == actual.getNodeType(),
                name + ": " + at + " is " + actual.getNodeType() + " in the provider's answer, the fixture has " + expected.getNodeType());
        if (expected.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = expected.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                check(name, field.getValue(), actual.get(field.getKey()), at + "." + field.getKey());
            }
        } else if (expected.isArray() && !expected.isEmpty()) {
            for (int i = 0; i < actual.size(); i++) {
                check(name, expected.get(0), actual.get(i), at + "[" + i + "]");
            }
        }
    }
}
