package io.bindery.content.revisions;

import io.bindery.content.domain.PageVersion;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * How a revision's page list is cut into manifest chunks. A page stays in the chunk it was first put in, so a
 * revision rewrites only the chunks that hold a changed or removed page; new pages fill the last chunk, then new
 * chunks of {@link #TARGET} entries. So editing one page of 5,000 rewrites one chunk, and inserting 50 pages
 * rewrites one or two. When removals have left the chunks too sparse, the whole list is cut afresh.
 */
public final class ManifestLayout {
    /** Entries per chunk. */
    static final int TARGET = 64;

    private ManifestLayout() {
    }

    /**
     * One chunk of the new manifest: {@code id} is kept from the base when nothing in it changed, else null and
     * {@code entries} (page id → version id, by page id) are to be written under {@link #digest}.
     */
    public record Chunk(String id, TreeMap<String, String> entries) {
    }

    /** The chunks, in order, and which chunk each page is in. */
    public record Plan(List<Chunk> chunks, Map<String, Integer> chunkOf) {
    }

    /**
     * @param base    the revision the page map was derived from (its chunks are reused), or null
     * @param changed ids of the pages added, changed or removed since {@code base}
     */
    public static Plan plan(Map<String, PageVersion> pages, Snapshot base, Set<String> changed) {
        if (base == null || base.header().chunks().isEmpty() || tooSparse(base.header().chunks().size(), pages.size())) {
            return fresh(pages);
        }
        int count = base.header().chunks().size();
        List<TreeMap<String, String>> members = new ArrayList<>();
        boolean[] dirty = new boolean[count];
        for (int i = 0; i < count; i++) {
            members.add(new TreeMap<>());
        }
        List<String> added = new ArrayList<>();
        for (PageVersion p : pages.values()) {
            Integer i = base.chunkOf(p.pageId());
            if (i == null) {
                added.add(p.pageId());
            } else {
                members.get(i).put(p.pageId(), p.id());
            }
        }
        for (String pageId : changed) {
            Integer i = base.chunkOf(pageId);
            if (i != null) {
                dirty[i] = true;
            }
        }
        added.sort(null);
        List<Boolean> dirtyList = new ArrayList<>();
        for (boolean d : dirty) {
            dirtyList.add(d);
        }
        for (String pageId : added) {
            int last = members.size() - 1;
            if (members.get(last).size() >= TARGET) {
                members.add(new TreeMap<>());
                dirtyList.add(true);
                last++;
            }
            members.get(last).put(pageId, pages.get(pageId).id());
            dirtyList.set(last, true);
        }
        List<Chunk> chunks = new ArrayList<>();
        Map<String, Integer> chunkOf = new HashMap<>();
        for (int i = 0; i < members.size(); i++) {
            TreeMap<String, String> m = members.get(i);
            if (m.isEmpty()) {
                continue; // all its pages were removed
            }
            for (String pageId : m.keySet()) {
                chunkOf.put(pageId, chunks.size());
            }
            chunks.add(new Chunk(dirtyList.get(i) ? null : base.header().chunks().get(i), m));
        }
        return new Plan(chunks, chunkOf);
    }

    /** More than twice the chunks the pages need (plus slack): cut afresh rather than carry half-empty chunks. */
    static boolean tooSparse(int chunks, int pages) {
        return chunks > 2 * ((pages + TARGET - 1) / TARGET) + 2;
    }

    private static Plan fresh(Map<String, PageVersion> pages) {
        List<String> ids = new ArrayList<>(pages.keySet());
        ids.sort(null);
        List<Chunk> chunks = new ArrayList<>();
        Map<String, Integer> chunkOf = new HashMap<>();
        for (int from = 0; from < ids.size(); from += TARGET) {
            TreeMap<String, String> m = new TreeMap<>();
            for (String pageId : ids.subList(from, Math.min(ids.size(), from + TARGET))) {
                m.put(pageId, pages.get(pageId).id());
                chunkOf.put(pageId, chunks.size());
            }
            chunks.add(new Chunk(null, m));
        }
        return new Plan(chunks, chunkOf);
    }

    /** The id of a chunk: a digest of its entries, so identical chunks are stored once. */
    public static String digest(TreeMap<String, String> entries) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            entries.forEach((k, v) -> {
                sha.update(k.getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
                sha.update(v.getBytes(StandardCharsets.UTF_8));
                sha.update((byte) '\n');
            });
            return Base64.getUrlEncoder().withoutPadding().encodeToString(Arrays.copyOf(sha.digest(), 16));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
