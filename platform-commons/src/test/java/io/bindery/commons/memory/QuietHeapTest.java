package io.bindery.commons.memory;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class QuietHeapTest {
    private static final long MB = 1L << 20;

    @Test
    void aGrownHeapIsCollectedOnceTheServiceIsQuietThenNotAgainUntilItWorks() {
        QuietHeap heap = new QuietHeap();
        assertFalse(heap.shouldRelease(10, 96 * MB, 16 * MB), "the first look has nothing to compare with");
        assertFalse(heap.shouldRelease(14, 96 * MB, 16 * MB), "young collections since the last look: busy");
        assertTrue(heap.shouldRelease(14, 96 * MB, 16 * MB), "none since: quiet, and the heap grew");
        heap.released(14);
        assertFalse(heap.shouldRelease(14, 96 * MB, 16 * MB), "released already in this quiet period");
        assertFalse(heap.shouldRelease(14, 96 * MB, 16 * MB));
        assertFalse(heap.shouldRelease(20, 96 * MB, 16 * MB), "working again");
        assertTrue(heap.shouldRelease(20, 96 * MB, 16 * MB), "quiet again after work");
    }

    @Test
    void aHeapThatDidNotGrowIsLeftAlone() {
        QuietHeap heap = new QuietHeap();
        heap.shouldRelease(3, 30 * MB, 16 * MB);
        assertFalse(heap.shouldRelease(3, 30 * MB, 16 * MB), "14 MB over -Xms: not worth a full collection");
        assertTrue(heap.shouldRelease(3, 33 * MB, 16 * MB), "17 MB over it is");
    }
}
