package io.bindery.insights.translations;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.json.JsonBody;
import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.SortKey;
import io.bindery.commons.urls.PublicUrls;
import io.bindery.contracts.insights.InsightsEventTypes;
import io.bindery.contracts.insights.TranslationData;
import io.bindery.insights.access.InsightsAccess;
import io.bindery.insights.access.InsightsPolicy;
import io.bindery.insights.instructions.RichText;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Set;

/** Managing translations, and running them with {@link TranslationRun}. */
@ApplicationScoped
public class Translations {
    private static final Keyset<Translation> NEWEST_FIRST = Keyset.descending(
            SortKey.instant("created_at", t -> t.createdAt), SortKey.text("id", t -> t.id));

    @Inject
    InsightsAccess access;
    @Inject
    EventPublisher events;
    @Inject
    PublicUrls urls;
    @Inject
    TranslationEngine engine;
    @Inject
    SpaceContent content;
    @Inject
    TranslationRun runner;
    @Inject
    TranslationStore store;
    @Inject
    TranslationSweep sweep;

    /** 400 naming the pair and the installed ones, unless the engine has it. */
    void requirePair(String from, String to) {
        Set<String> pairs = engine.pairs();
        if (!pairs.contains(from + "-" + to)) {
            throw ApiException.badRequest("the language pair " + from + "-" + to + " is not installed; installed pairs: "
                    + (pairs.isEmpty() ? "none" : String.join(", ", pairs)));
        }
    }

    public TranslationView create(String organizationId, String userId, JsonNode body, String token) {
        QuarkusTransaction.requiringNew().run(() ->
                access.member(organizationId, userId).require(InsightsPolicy.Action.TRANSLATE));
        CreateTranslationRequest request = CreateTranslationRequest.from(body);
        requirePair(request.sourceLanguage(), request.language());
        // the source must be a space of this organization the caller can read (content says so, with their token)
        SpaceContent.Space source;
        try {
            source = content.space(request.sourceSpace(), token);
        } catch (ApiException e) {
            if (e.status() == 404 || e.status() == 403) {
                throw ApiException.badRequest("source.space: no space " + request.sourceSpace() + " you can read");
            }
            throw e;
        }
        if (!organizationId.equals(source.organization())) {
            throw ApiException.badRequest("source.space: space " + request.sourceSpace() + " is not in organization "
                    + organizationId);
        }
        return QuarkusTransaction.requiringNew().call(() -> {
            Instant now = now();
            Translation row = new Translation();
            row.id = Ids.newId();
            row.organizationId = organizationId;
            row.status = "pending";
            row.sourceSpace = request.sourceSpace();
            row.sourceLanguage = request.sourceLanguage();
            row.language = request.language();
            row.instructions = request.instructions();
            row.createdBy = userId;
            row.createdAt = now;
            row.updatedAt = now;
            store.insert(row);
            events.publish(InsightsEventTypes.TRANSLATION_CREATED, row.id, data(row));
            return view(row, access.member(organizationId, userId));
        });
    }

    @Transactional
    public TranslationView get(String organizationId, String userId, String id) {
        InsightsPolicy policy = access.member(organizationId, userId);
        return view(find(organizationId, id, false), policy);
    }

    @Transactional
    public ListPage<TranslationView> list(String organizationId, String userId, String page, int limit) {
        InsightsPolicy policy = access.member(organizationId, userId);
        return store.page(NEWEST_FIRST.page(page, limit), organizationId).map(t -> view(t, policy));
    }

    /** PUT: {@code instructions} (a rich-text document). */
    @Transactional
    public TranslationView update(String organizationId, String userId, String id, JsonNode body) {
        InsightsPolicy policy = access.member(organizationId, userId);
        policy.require(InsightsPolicy.Action.TRANSLATE);
        Translation row = find(organizationId, id, true);
        JsonBody fields = JsonBody.of(body);
        if (!fields.has("instructions")) {
            throw ApiException.badRequest("instructions is required");
        }
        row.instructions = RichText.markdown(fields.raw("instructions"), "instructions", true);
        row.updatedAt = now();
        events.publish(InsightsEventTypes.TRANSLATION_UPDATED, row.id, data(row));
        return view(row, policy);
    }

    /** A translation that does not exist is deleted already (204, as GitBook answers); its target space stays. */
    @Transactional
    public void delete(String organizationId, String userId, String id) {
        access.member(organizationId, userId).require(InsightsPolicy.Action.TRANSLATE);
        Translation row = store.lock(id);
        if (row != null && row.organizationId.equals(organizationId)) {
            store.remove(row);
            events.publish(InsightsEventTypes.TRANSLATION_DELETED, row.id, data(row));
        }
    }

    /**
     * Runs it now, for the caller: status running (committed, so readers see it), the pages changed since the last
     * run translated into the target space through a merged change request, then status completed with the run's
     * statistics. A failed run goes back to pending and answers the failure.
     */
    public void run(String organizationId, String userId, String id, String token) {
        Translation started = QuarkusTransaction.requiringNew().call(() -> {
            access.member(organizationId, userId).require(InsightsPolicy.Action.TRANSLATE);
            Translation row = find(organizationId, id, true);
            requirePair(row.sourceLanguage, row.language);
            // a run whose heartbeat stopped died with its service (TranslationSweep): it does not block
            if (row.status.equals("running") && sweep.alive(row)) {
                throw ApiException.conflict("translation " + id + " is running already");
            }
            row.status = "running";
            row.lastError = null;
            row.updatedAt = now();
            row.heartbeatAt = row.updatedAt;
            events.publish(InsightsEventTypes.TRANSLATION_RUN_REQUESTED, row.id, data(row));
            // written before it is detached, which would drop its unwritten changes: the run reads this copy
            // outside any transaction
            store.flush();
            store.detach(row);
            return row;
        });
        long begin = System.nanoTime();
        TranslationRun.Outcome outcome;
        sweep.started(id);
        try {
            outcome = runner.run(started, userId, token);
        } catch (RuntimeException e) {
            sweep.ended(id);
            QuarkusTransaction.requiringNew().run(() -> {
                Translation row = store.lock(id);
                if (row != null) {
                    row.status = "pending";
                    row.lastError = e.getMessage();
                    row.updatedAt = now();
                    events.publish(InsightsEventTypes.TRANSLATION_UPDATED, row.id, data(row));
                }
            });
            throw e;
        }
        sweep.ended(id);
        int seconds = (int) Math.round((System.nanoTime() - begin) / 1e9);
        QuarkusTransaction.requiringNew().run(() -> {
            Translation row = store.lock(id);
            if (row == null) {
                return; // deleted meanwhile: the target space stays, as it would after a delete
            }
            store.recordPages(row.id, outcome.hashes());
            row.status = "completed";
            row.resultSpace = outcome.space();
            row.resultRevision = outcome.revision();
            row.runs++;
            row.latestRunDuration = seconds;
            row.totalDuration += seconds;
            row.latestPages = outcome.pages();
            row.latestWords = outcome.words();
            row.totalWords += outcome.words();
            row.totalPages = store.pageCount(row.id);
            row.updatedAt = now();
            events.publish(InsightsEventTypes.TRANSLATION_UPDATED, row.id, data(row));
        });
    }

    private Translation find(String organizationId, String id, boolean lock) {
        Translation row = lock ? store.lock(id) : store.find(id);
        if (row == null || !row.organizationId.equals(organizationId)) {
            throw ApiException.notFound("no translation " + id);
        }
        return row;
    }

    TranslationView view(Translation t, InsightsPolicy policy) {
        Map<String, Object> instructions = RichText.document(t.instructions);
        return new TranslationView("translation", t.id, t.status, new TranslationView.Source(t.sourceSpace,
                t.sourceLanguage), t.language, instructions,
                t.resultSpace == null ? null : new TranslationView.Result(t.resultSpace, t.resultRevision, t.language),
                t.createdAt, t.updatedAt, new TranslationView.Stats(t.runs, t.totalWords, t.totalPages,
                t.totalDuration, t.latestRunDuration, t.latestPages, t.latestWords),
                new TranslationView.Permissions(true, policy.allows(InsightsPolicy.Action.TRANSLATE)),
                new TranslationView.Urls(urls.api("/orgs/" + t.organizationId + "/translations/" + t.id)));
    }

    static TranslationData data(Translation t) {
        return new TranslationData(t.id, t.organizationId, t.status, t.sourceSpace, t.sourceLanguage, t.language,
                t.resultSpace, t.resultRevision, t.runs, t.createdAt, t.updatedAt);
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MICROS);
    }
}
