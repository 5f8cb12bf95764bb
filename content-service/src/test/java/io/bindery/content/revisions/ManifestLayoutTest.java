package io.bindery.content.revisions;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The manifest layout: chunk counts follow the page count with slack, and page ids spread evenly over chunks. */
class ManifestLayoutTest {
    @Test
    void chunkCountGrowsInPowersOfTwoAndKeepsTheLayoutWithinAFactorOfTwo() {
        assertEquals(1, RevisionStore.chunkCount(0, 0));
        assertEquals(1, RevisionStore.chunkCount(64, 0));
        assertEquals(2, RevisionStore.chunkCount(65, 0));
        assertEquals(128, RevisionStore.chunkCount(5000, 0));
        // an existing layout of 128 chunks is kept from 4,096 to 16,384 pages: no full rewrite per edit
        assertEquals(128, RevisionStore.chunkCount(4096, 128));
        assertEquals(128, RevisionStore.chunkCount(16384, 128));
        assertEquals(512, RevisionStore.chunkCount(16385, 128));
        assertEquals(64, RevisionStore.chunkCount(4095, 128));
    }

    @Test
    void pageIdsSpreadEvenlyOverChunks() {
        Map<Integer, Integer> sizes = new HashMap<>();
        for (int i = 0; i < 5000; i++) {
            sizes.merge(RevisionStore.bucket(io.bindery.commons.ids.Ids.newId(), 128), 1, Integer::sum);
        }
        assertEquals(128, sizes.size());
        int max = sizes.values().stream().mapToInt(Integer::intValue).max().orElseThrow();
        assertTrue(max < 80, "largest chunk " + max + " of an expected ~39");
    }
}
