package io.bindery.insights.embeddings;

import io.bindery.commons.errors.ApiException;
import io.bindery.commons.schedule.PeriodicJobs;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * This replica's {@link SectionIndex}: loaded from PostgreSQL after the start, then kept current: a space this replica
 * embedded is reloaded at once, and every few seconds ({@code bindery.insights.embeddings.sync-every}) the spaces
 * changed since the last look (by any replica: embedded, deleted, transferred, purged) are reloaded from their rows.
 * <p>
 * The start-up's load runs in the background (61,227 sections took 47 s, and held the whole service back from being
 * ready that long, README issue 29 round 12): until it is done, vector search answers 503 and content's search
 * ranks by full text alone, as when insights is down. Spaces embedded or deleted meanwhile may be read twice; the
 * sync that ends the load reloads every space changed since it began, so none stays stale or doubled.
 */
@ApplicationScoped
public class SemanticIndex {
    private static final Logger LOG = Logger.getLogger(SemanticIndex.class);
    /** Rows read again before the last watermark: a transaction that committed late is not missed. */
    private static final java.time.Duration OVERLAP = java.time.Duration.ofSeconds(10);
    private static final int RELOAD_BATCH = 1000;

    @Inject
    SectionEmbeddingStore store;

    private final SectionIndex index = new SectionIndex();
    private volatile Instant watermark;
    /** Spaces reloaded within the overlap, with the updated_at they were reloaded at. */
    private final java.util.Map<String, Instant> reloaded = new java.util.concurrent.ConcurrentHashMap<>();

    private volatile boolean loaded;
    private volatile boolean closing;

    void build(@Observes StartupEvent event) {
        Thread loader = new Thread(this::load, "semantic-index-load");
        loader.setDaemon(true);
        loader.start();
    }

    /** Loads every stored section, then catches up with what changed meanwhile. */
    void load() {
        try {
            Instant since = loadAll();
            watermark = since;
            sync();
            loaded = true;
        } catch (RuntimeException e) {
            if (closing) {
                return; // the service stopped during the load: the index was closed under it
            }
            // as when the load ran inside the start-up: a replica that cannot load stops, and is started again
            LOG.error("semantic index could not be loaded from PostgreSQL; stopping", e);
            Quarkus.asyncExit(1);
        }
    }

    /** Whether the start-up's load is done (vector search answers). */
    public boolean loaded() {
        return loaded;
    }

    private Instant loadAll() {
        long started = System.nanoTime();
        Instant since = QuarkusTransaction.requiringNew().call(store::now);
        int read = 0;
        int skipped = 0;
        SectionEmbeddingStore.StoredSection last = null;
        while (true) {
            SectionEmbeddingStore.StoredSection after = last;
            List<SectionEmbeddingStore.StoredSection> batch = QuarkusTransaction.requiringNew()
                    .call(() -> store.batchAfter(after, 2000));
            if (batch.isEmpty()) {
                break;
            }
            skipped += index.add(batch);
            read += batch.size();
            last = batch.getLast();
        }
        index.refresh();
        LOG.infof("semantic index built from PostgreSQL: %d sections in %d ms", read - skipped,
                (System.nanoTime() - started) / 1_000_000);
        if (skipped > 0) {
            LOG.warnf("%d stored sections have a vector of another length than %d and were left out of the index",
                    skipped, Embedder.DIMENSIONS);
        }
        return since;
    }

    void close(@Observes ShutdownEvent event) {
        closing = true;
        index.close();
    }

    /**
     * Reloads one space's sections from its rows (none when it was deleted or purged), read in batches: the heap
     * never holds a big space's vectors at once (the index keeps them in mapped files).
     */
    public void reload(String space) {
        index.replaceSpace(space, after -> QuarkusTransaction.requiringNew()
                .call(() -> store.sectionsAfter(space, after, RELOAD_BATCH)));
    }

    /** The space leaves this replica's index (deleted or purged). */
    public void forget(String space) {
        index.replaceSpace(space, after -> List.of());
    }

    void schedule(@Observes StartupEvent event, PeriodicJobs jobs, io.bindery.insights.config.InsightsConfig config) {
        jobs.every("semantic index sync", config.embeddings().syncEvery(), java.time.Duration.ofSeconds(5),
                this::sync);
    }

    void sync() {
        Instant since = watermark;
        if (since == null) {
            return;
        }
        List<SectionEmbeddingStore.Changed> changed = QuarkusTransaction.requiringNew()
                .call(() -> store.changedSince(since.minus(OVERLAP)));
        Set<String> spaces = new LinkedHashSet<>();
        Instant next = since;
        for (SectionEmbeddingStore.Changed c : changed) {
            // each change once: a space seen at this updated_at already is not read again
            if (!c.at().equals(reloaded.get(c.space()))) {
                spaces.add(c.space());
                reloaded.put(c.space(), c.at());
            }
            next = c.at().isAfter(next) ? c.at() : next;
        }
        for (String space : spaces) {
            reload(space);
        }
        Instant forget = next.minus(OVERLAP).minus(OVERLAP);
        reloaded.values().removeIf(at -> at.isBefore(forget));
        watermark = next;
    }

    public List<SectionIndex.Hit> search(String organization, Collection<String> spaces, float[] query, int limit) {
        if (!loaded) {
            throw ApiException.unavailable("the semantic index is still loading; search by words meanwhile");
        }
        return index.search(organization, spaces, query, limit);
    }

    public int size() {
        return index.size();
    }
}
