package io.bindery.content.revisions;

import io.bindery.content.config.ContentConfig;
import jakarta.inject.Inject;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Recently read revisions. A revision never changes once written, so a cached snapshot is never stale; the cache
 * only bounds memory, by the number of pages it holds (a page of a snapshot takes about 1 KB of heap).
 */
@ApplicationScoped
public class SnapshotCache {
    private final int maxPages;
    private final LinkedHashMap<String, Snapshot> entries = new LinkedHashMap<>(64, 0.75f, true);
    private int pages;

    @Inject
    public SnapshotCache(ContentConfig config) {
        this(config.content().snapshotCachePages());
    }

    public SnapshotCache(int maxPages) {
        this.maxPages = maxPages;
    }

    public synchronized Snapshot get(String revisionId) {
        return entries.get(revisionId);
    }

    public synchronized void put(Snapshot snapshot) {
        int size = weight(snapshot);
        if (size > maxPages) {
            return;
        }
        Snapshot old = entries.put(snapshot.id(), snapshot);
        pages += size - (old == null ? 0 : weight(old));
        for (Iterator<Map.Entry<String, Snapshot>> it = entries.entrySet().iterator(); pages > maxPages && it.hasNext(); ) {
            pages -= weight(it.next().getValue());
            it.remove();
        }
    }

    private static int weight(Snapshot s) {
        return s.pages().size() + 1;
    }
}
