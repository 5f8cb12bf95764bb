package io.bindery.insights.embeddings;

import io.bindery.commons.errors.ApiException;
import io.bindery.commons.schedule.PeriodicJobs;
import io.bindery.contracts.content.RevisionPage;
import io.bindery.contracts.content.RevisionTree;
import io.bindery.insights.client.ContentClient;
import io.bindery.insights.config.InsightsConfig;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Embeds the spaces whose live revision moved, out of any request and out of any transaction while it reads content
 * and runs the model (CONTRIBUTING, "The transaction rule"): claims a space in a short transaction, reads the
 * revision's pages from content's internal API, splits them into sections, embeds only the texts whose hash the space
 * does not have yet, and stores the result in a second short transaction (vanished sections deleted), then reloads the
 * space in this replica's index. Content refusing the revision (4xx) gives the space up (state failed); content
 * unreachable is tried again with a growing delay, given up after {@code max-attempts}.
 */
@ApplicationScoped
public class EmbeddingWorker {
    private static final Logger LOG = Logger.getLogger(EmbeddingWorker.class);
    private static final int BATCH = 64;
    /** Spaces one run takes at most before it lets the scheduler breathe. */
    private static final int SPACES_PER_RUN = 20;

    @Inject
    InsightsConfig config;
    @Inject
    SectionEmbeddingStore store;
    @Inject
    ContentClient content;
    @Inject
    Embedder embedder;
    @Inject
    SemanticIndex index;

    void schedule(@Observes StartupEvent event, PeriodicJobs jobs) {
        jobs.every("embedding", config.embeddings().workEvery(), Duration.ofSeconds(2), this::work);
    }

    void work() {
        if (!config.embeddings().enabled()) {
            return;
        }
        for (int i = 0; i < SPACES_PER_RUN; i++) {
            SectionEmbeddingStore.Claim claim;
            try {
                claim = QuarkusTransaction.requiringNew().call(() -> store.claim(config.embeddings().claimTimeout()));
            } catch (RuntimeException e) {
                LOG.warnf("could not look for spaces to embed: %s", e.getMessage());
                return;
            }
            if (claim == null) {
                return;
            }
            embed(claim);
        }
    }

    /** What a page's sections need of it once its markdown is split: the page's markdown is not kept. */
    private record PageRef(String id, String title, String path) {
    }

    /** What {@link #embedAndStore} did, for the log line. */
    private record Outcome(int pages, int sections, int embedded, long readMs, long embedMs, long storeMs,
                           boolean stored) {
    }

    /**
     * One claimed space: read, embed what changed, store, reload. The revision's sections, their texts and the new
     * vectors are unreachable before the space is reloaded into the index, which reads its rows batch by batch:
     * a 5,000-page space (15,000 sections, 23 MB of vectors) then fits the services' 96 MB heap.
     */
    void embed(SectionEmbeddingStore.Claim claim) {
        Outcome o = embedAndStore(claim);
        if (o == null) {
            return;
        }
        long reloading = System.nanoTime();
        index.reload(claim.space());
        // bench/embeddings.sh reads this line
        LOG.infof("embedded space %s revision %s: %d pages, %d sections, %d embedded (read %d ms, embed %d ms, "
                        + "store %d ms, index %d ms)%s", claim.space(), claim.revision(), o.pages(), o.sections(),
                o.embedded(), o.readMs(), o.embedMs(), o.storeMs(), (System.nanoTime() - reloading) / 1_000_000,
                o.stored() ? "" : "; the space was deleted meanwhile, nothing kept");
    }

    /** Reads, embeds and stores the claimed revision; null when it failed (recorded). */
    private Outcome embedAndStore(SectionEmbeddingStore.Claim claim) {
        long started = System.nanoTime();
        List<PageSections.Section> sections = new ArrayList<>();
        List<PageRef> pageOf = new ArrayList<>();
        int pages = 0;
        try {
            RevisionTree tree = content.tree(claim.space(), claim.revision());
            for (RevisionTree.Page p : tree.pages() == null ? List.<RevisionTree.Page>of() : tree.pages()) {
                if (!"document".equals(p.kind())) {
                    continue;
                }
                RevisionPage page = content.page(claim.space(), claim.revision(), p.id());
                PageRef ref = new PageRef(page.id(), page.title() == null ? "" : page.title(),
                        page.path() == null ? "" : page.path());
                pages++;
                for (PageSections.Section s : PageSections.of(page.title(), page.markdown(),
                        config.embeddings().maxChars())) {
                    sections.add(s);
                    pageOf.add(ref);
                }
            }
        } catch (ApiException e) {
            fail(claim, e.status() >= 500 ? e.getMessage() : "content answered " + e.status() + ": " + e.getMessage(),
                    e.status() >= 500);
            return null;
        } catch (RuntimeException e) {
            fail(claim, "reading content failed: " + e, true);
            return null;
        }
        long read = System.nanoTime();
        // the hashes the space has a vector for already (the vectors stay in PostgreSQL: the store copies them)
        Set<String> known = QuarkusTransaction.requiringNew().call(() -> store.hashes(claim.space()));
        // the texts to embed: each new hash once
        Map<String, String> todo = new LinkedHashMap<>();
        for (PageSections.Section s : sections) {
            if (!known.contains(s.hash())) {
                todo.putIfAbsent(s.hash(), s.embedded());
            }
        }
        Map<String, float[]> fresh = new HashMap<>();
        List<String> hashes = new ArrayList<>(todo.keySet());
        try {
            for (int from = 0; from < hashes.size(); from += BATCH) {
                List<String> batch = hashes.subList(from, Math.min(hashes.size(), from + BATCH));
                List<float[]> vectors = embedder.embedAll(batch.stream().map(todo::get).toList());
                for (int i = 0; i < batch.size(); i++) {
                    fresh.put(batch.get(i), vectors.get(i));
                }
            }
        } catch (RuntimeException e) {
            fail(claim, "embedding failed: " + e, true);
            return null;
        }
        todo.clear();
        long embedded = System.nanoTime();
        List<SectionEmbeddingStore.StoredSection> rows = new ArrayList<>(sections.size());
        for (int i = 0; i < sections.size(); i++) {
            PageSections.Section s = sections.get(i);
            PageRef page = pageOf.get(i);
            // null: a vector the space has for this text already
            rows.add(new SectionEmbeddingStore.StoredSection(claim.organization(), claim.space(), page.id(), s.key(),
                    s.position(), page.title(), page.path(), s.title(), s.hash(), fresh.get(s.hash())));
        }
        sections.clear();
        boolean stored = QuarkusTransaction.requiringNew().call(() -> store.apply(claim, rows, hashes.size()));
        return new Outcome(pages, rows.size(), hashes.size(), (read - started) / 1_000_000,
                (embedded - read) / 1_000_000, (System.nanoTime() - embedded) / 1_000_000, stored);
    }

    private void fail(SectionEmbeddingStore.Claim claim, String error, boolean passing) {
        int attempts = QuarkusTransaction.requiringNew().call(() -> store.attempts(claim.space()));
        Duration retry = passing && attempts + 1 < config.embeddings().maxAttempts()
                ? Duration.ofSeconds(Math.min(300, 1L << Math.min(attempts, 8))) : null;
        LOG.warnf("embedding space %s revision %s failed (%s)%s", claim.space(), claim.revision(), error,
                retry == null ? "; given up" : "; trying again in " + retry.toSeconds() + " s");
        QuarkusTransaction.requiringNew().run(() -> store.failed(claim, error, retry));
    }
}
