package io.bindery.sites.reader;

import jakarta.enterprise.context.ApplicationScoped;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The reader's answers of the last second, by request (site, path, share key, visitor token, unsigned claims): a
 * page read again within {@link #TTL_NANOS} is sent as it was, without asking the database which revision the site
 * is at. So a merge, a visibility change or a revoked share link shows within a second, and a popular page costs
 * one render per second. Bounded: when full it starts over.
 */
@ApplicationScoped
public class RecentPages {
    static final long TTL_NANOS = 1_000_000_000L;
    private static final int MAX_ENTRIES = 10_000;

    private record Entry(long madeAt, ReaderResource.Rendered rendered) {
    }

    private final Map<Reader.Request, Entry> entries = new ConcurrentHashMap<>();

    /** The answer to the request made within the last second, or null: cheap, safe on the event loop. */
    ReaderResource.Rendered fresh(Reader.Request request) {
        Entry e = entries.get(request);
        return e != null && System.nanoTime() - e.madeAt() < TTL_NANOS ? e.rendered() : null;
    }

    ReaderResource.Rendered get(Reader.Request request, Supplier<ReaderResource.Rendered> render) {
        long now = System.nanoTime();
        Entry e = entries.get(request);
        if (e != null && now - e.madeAt() < TTL_NANOS) {
            return e.rendered();
        }
        ReaderResource.Rendered fresh = render.get();
        if (entries.size() >= MAX_ENTRIES) {
            entries.clear();
        }
        entries.put(request, new Entry(now, fresh));
        return fresh;
    }
}
