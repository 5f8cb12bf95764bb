package io.bindery.gateway.http;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RequestIdsTest {
    @Test
    void keepsSaneClientIds() {
        assertEquals("abc-DEF_1.2", RequestIds.acceptOrGenerate("abc-DEF_1.2"));
        String longest = "a".repeat(128);
        assertEquals(longest, RequestIds.acceptOrGenerate(longest));
    }

    @Test
    void replacesInsaneOnes() {
        for (String bad : new String[]{null, "", "a".repeat(129), "has space", "semi;colon", "ünï", "new\nline"}) {
            String id = RequestIds.acceptOrGenerate(bad);
            assertNotEquals(bad, id);
            assertTrue(RequestIds.isSane(id));
        }
    }

    @Test
    void generatedIdsAreSaneAndUnique() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            String id = RequestIds.generate();
            assertEquals(22, id.length());
            assertTrue(RequestIds.isSane(id));
            assertTrue(seen.add(id));
        }
        assertFalse(RequestIds.isSane("x/y"));
    }
}
