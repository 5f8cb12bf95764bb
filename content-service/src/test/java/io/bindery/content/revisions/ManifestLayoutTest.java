package io.bindery.content.revisions;

import io.bindery.commons.ids.Ids;
import io.bindery.content.domain.PageVersion;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The manifest layout: what a revision rewrites of its parent's chunks. */
class ManifestLayoutTest {
    private static PageVersion page(String pageId) {
        return new PageVersion(Ids.newId(), pageId, PageVersion.DOCUMENT, null, 1, "T", "t", null, null, null, false,
                false, false, null, null, "oid", Instant.EPOCH, Instant.EPOCH);
    }

    private static Map<String, PageVersion> pages(int n) {
        Map<String, PageVersion> out = new HashMap<>();
        for (int i = 0; i < n; i++) {
            PageVersion p = page(Ids.newId());
            out.put(p.pageId(), p);
        }
        return out;
    }

    /** The snapshot a plan would be read back as. */
    private static Snapshot written(Map<String, PageVersion> pages, ManifestLayout.Plan plan) {
        List<String> ids = plan.chunks().stream()
                .map(c -> c.id() != null ? c.id() : ManifestLayout.digest(c.entries())).toList();
        return new Snapshot(new Snapshot.Header(Ids.newId(), "s", List.of(), "edits", Instant.EPOCH, null, null, ids),
                pages, List.of(), plan.chunkOf());
    }

    private static long rewritten(ManifestLayout.Plan plan) {
        return plan.chunks().stream().filter(c -> c.id() == null).count();
    }

    @Test
    void aFreshLayoutCutsChunksOfTheTargetSize() {
        Map<String, PageVersion> pages = pages(150);
        ManifestLayout.Plan plan = ManifestLayout.plan(pages, null, null);
        assertEquals(List.of(64, 64, 22), plan.chunks().stream().map(c -> c.entries().size()).toList());
        pages.keySet().forEach(id -> assertTrue(plan.chunks().get(plan.chunkOf().get(id)).entries().containsKey(id)));
    }

    @Test
    void editingOnePageRewritesOneChunk() {
        Map<String, PageVersion> pages = pages(5000);
        Snapshot base = written(pages, ManifestLayout.plan(pages, null, null));
        String edited = pages.keySet().iterator().next();
        Map<String, PageVersion> next = new HashMap<>(pages);
        next.put(edited, page(edited));
        ManifestLayout.Plan plan = ManifestLayout.plan(next, base, Set.of(edited));
        assertEquals(base.header().chunks().size(), plan.chunks().size());
        assertEquals(1, rewritten(plan));
        assertNull(plan.chunks().get(base.chunkOf(edited)).id());
        assertEquals(next.get(edited).id(), plan.chunks().get(base.chunkOf(edited)).entries().get(edited));
    }

    @Test
    void newPagesFillTheLastChunkThenNewOnes() {
        Map<String, PageVersion> pages = pages(100); // chunks of 64 and 36
        Snapshot base = written(pages, ManifestLayout.plan(pages, null, null));
        Map<String, PageVersion> next = new HashMap<>(pages);
        Map<String, PageVersion> added = pages(50);
        next.putAll(added);
        ManifestLayout.Plan plan = ManifestLayout.plan(next, base, added.keySet());
        assertEquals(List.of(64, 64, 22), plan.chunks().stream().map(c -> c.entries().size()).toList());
        assertEquals(base.header().chunks().get(0), plan.chunks().get(0).id(), "the full first chunk is kept");
        assertEquals(2, rewritten(plan));
    }

    @Test
    void aChunkWhosePagesAreAllRemovedIsDropped() {
        Map<String, PageVersion> pages = pages(128);
        Snapshot base = written(pages, ManifestLayout.plan(pages, null, null));
        Map<String, PageVersion> next = new HashMap<>();
        pages.forEach((id, p) -> {
            if (base.chunkOf(id) == 1) {
                next.put(id, p);
            }
        });
        Set<String> removed = new java.util.HashSet<>(pages.keySet());
        removed.removeAll(next.keySet());
        ManifestLayout.Plan plan = ManifestLayout.plan(next, base, removed);
        assertEquals(1, plan.chunks().size());
        assertEquals(base.header().chunks().get(1), plan.chunks().get(0).id());
        next.keySet().forEach(id -> assertEquals(0, plan.chunkOf().get(id)));
    }

    @Test
    void sparseChunksAreCutAfresh() {
        assertTrue(ManifestLayout.tooSparse(10, 64));
        assertTrue(!ManifestLayout.tooSparse(4, 64));
        assertTrue(!ManifestLayout.tooSparse(80, 5000));
    }
}
