package io.bindery.sites.reader;

import jakarta.enterprise.context.ApplicationScoped;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The reader's answers of the last second, by request (site, path, share key, visitor token, unsigned claims; for an
 * agent's answer also what it asked for and how its links are written): a
 * page read again within {@link #TTL_NANOS} is sent as it was, without asking the database which revision the site
 * is at. So a merge, a visibility change or a revoked share link shows within a second (plus one render), and a
 * popular page costs one render per second: when an answer grows old, one request renders it anew while the others
 * are still sent the previous answer, instead of all of them rendering at once. Bounded: when full it starts over.
 */
@ApplicationScoped
public class RecentPages {
    static final long TTL_NANOS = 1_000_000_000L;
    private static final int MAX_ENTRIES = 10_000;

    private record Entry(long madeAt, ReaderResource.Rendered rendered) {
    }

    private final Map<Object, Entry> entries = new ConcurrentHashMap<>();
    /** Requests whose answer one thread is rendering anew right now. */
    private final Set<Object> refreshing = ConcurrentHashMap.newKeySet();

    /**
     * The answer to send without rendering, or null: one made within the last second, or an older one while another
     * request renders its successor. Cheap, safe on the event loop.
     */
    ReaderResource.Rendered fresh(Object request) {
        Entry e = entries.get(request);
        if (e == null) {
            return null;
        }
        return System.nanoTime() - e.madeAt() < TTL_NANOS || refreshing.contains(request) ? e.rendered() : null;
    }

    /**
     * The answer kept for a request, older than a second, when it was made from what {@code validity} says the
     * request's answer would be made from now (see {@link ReaderResource.Rendered#validity}): it is dated anew and
     * sent again instead of being made anew. Null when there is none, or it was made from something else, or
     * {@code validity} is null (not known without the database). Cheap, safe on the event loop.
     */
    ReaderResource.Rendered revalidated(Object request, Object validity) {
        if (validity == null) {
            return null;
        }
        Entry e = entries.get(request);
        if (e == null || !validity.equals(e.rendered().validity())) {
            return null;
        }
        entries.replace(request, e, new Entry(System.nanoTime(), e.rendered()));
        return e.rendered();
    }

    ReaderResource.Rendered get(Object request, Supplier<ReaderResource.Rendered> render) {
        Entry e = entries.get(request);
        if (e != null && System.nanoTime() - e.madeAt() < TTL_NANOS) {
            return e.rendered();
        }
        boolean mine = refreshing.add(request);
        if (!mine && e != null) {
            return e.rendered(); // another request is rendering it anew
        }
        try {
            long startedAt = System.nanoTime();
            ReaderResource.Rendered fresh = render.get();
            if (entries.size() >= MAX_ENTRIES) {
                entries.clear();
            }
            // dated when the render began: what it read is at least that old
            entries.put(request, new Entry(startedAt, fresh));
            return fresh;
        } finally {
            if (mine) {
                refreshing.remove(request);
            }
        }
    }
}
