package io.bindery.content.revisions;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Recently read revisions. A revision never changes once written, so a cached snapshot is never stale; this only
 * bounds memory (a 5,000-page tree takes about 2 MB).
 */
@ApplicationScoped
public class SnapshotCache {
    private final Map<String, Snapshot> entries;

    public SnapshotCache(@ConfigProperty(name = "bindery.content.snapshot-cache-size", defaultValue = "32") int size) {
        this.entries = new LinkedHashMap<>(size * 2, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Snapshot> eldest) {
                return size() > size;
            }
        };
    }

    public synchronized Snapshot get(String revisionId) {
        return entries.get(revisionId);
    }

    public synchronized void put(Snapshot snapshot) {
        entries.put(snapshot.id(), snapshot);
    }
}
