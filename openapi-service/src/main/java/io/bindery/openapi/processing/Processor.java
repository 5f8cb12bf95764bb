package io.bindery.openapi.processing;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.openapi.config.OpenApiConfig;
import io.bindery.openapi.specs.ProcessErrorCode;
import io.bindery.openapi.specs.SpecProcessing;
import io.bindery.openapi.specs.SpecView;
import io.bindery.openapi.versions.Summary;
import io.bindery.openapi.versions.Versions;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Processes one request of one spec: marks it in progress, fetches and parses with no transaction open (a fetch
 * may take seconds; no row stays locked meanwhile), then completes it in a second transaction if the request is
 * still the spec's (a newer upload supersedes it): a new version when the content's hash differs from the latest,
 * or the error. A crash between the two leaves the spec in progress; the event is read again (its offset was not
 * committed) or ProcessingSweep requests it again, and after {@code max-attempts} starts it completes with an error.
 */
@ApplicationScoped
public class Processor {
    private static final Logger LOG = Logger.getLogger(Processor.class);
    static final long LARGE_SPEC_CHARS = 1_000_000;

    @Inject
    SpecProcessing specs;
    @Inject
    SpecFetcher fetcher;
    @Inject
    SpecParser parser;
    @Inject
    Versions versions;
    @Inject
    OpenApiConfig config;
    @Inject
    ObjectMapper json;

    /**
     * A request to process: the source URL, or the published address of a text source (read in {@link #run}, not
     * carried here: a frame holding it would keep it on the heap while the spec is parsed), and the content hash of
     * the spec's latest version.
     */
    private record Work(String url, String textUrl, String latestHash, boolean exhausted) {
    }

    /**
     * What processing found: the files and their hash, and the summary (null when the content is the latest
     * version's: it was not parsed again), or the failure.
     */
    private record Result(SpecFetcher.Files files, String hash, Summary summary, ProcessingFailure failure) {
        boolean unchanged() {
            return failure == null && summary == null;
        }
    }

    /** Processes the request if it is still the spec's; a request already completed or superseded is skipped. */
    public void process(String specId, String request) {
        Work work = QuarkusTransaction.requiringNew().call(() -> start(specId, request));
        if (work == null) {
            return;
        }
        if (work.exhausted()) {
            QuarkusTransaction.requiringNew().run(() -> complete(specId, request, new Result(null, null, null,
                    ProcessingFailure.of(ProcessErrorCode.PARSE_ERROR, "processing stopped after "
                            + config.processing().maxAttempts() + " attempts that did not finish", null))));
            return;
        }
        long started = System.nanoTime();
        Result result = run(specId, work);
        try {
            LOG.debugf("spec %s processed in %d ms", specId, (System.nanoTime() - started) / 1_000_000);
            QuarkusTransaction.requiringNew().run(() -> complete(specId, request, result));
        } finally {
            if (result.files() != null) {
                result.files().close();
            }
        }
        if (result.files() != null && result.files().chars() > LARGE_SPEC_CHARS) {
            // a large spec made the heap grow; a full collection now gives those pages back (the service idles
            // between uploads) instead of keeping them committed, which the 250 MB RSS budget cannot afford.
            // Uploads of large specs are rare, the pause is tens of milliseconds
            System.gc();
        }
    }

    Work start(String specId, String request) {
        SpecProcessing.Started started = specs.start(specId, request, config.processing().maxAttempts(), now());
        return started == null ? null : new Work(started.sourceUrl(), started.textUrl(),
                versions.contentHash(started.lastVersion()), started.exhausted());
    }

    /**
     * Fetches, and parses unless the files hash as the latest version's (the same content makes no version, so
     * it is not parsed again: a re-upload costs a fetch and a hash). On success the files stay spooled for
     * {@link #complete}; the caller closes them.
     */
    Result run(String specId, Work work) {
        SpecFetcher.Files files = null;
        try {
            files = work.url() != null ? fetcher.fetch(work.url())
                    : fetcher.fromText(new AtomicReference<>(sourceText(specId)), work.textUrl());
            String hash = files.contentHash();
            if (hash.equals(work.latestHash())) {
                return new Result(files, hash, null, null);
            }
            SpecParser.Parsed parsed = parser.parse(files);
            Map<String, String> schemas = new HashMap<>(ExternalSchemas.of(files));
            schemas.putAll(parsed.schemaHashes());
            return new Result(files, hash, Summary.of(parsed.openApi(), schemas), null);
        } catch (ProcessingFailure failure) {
            close(files);
            return new Result(null, null, null, failure);
        } catch (RuntimeException | StackOverflowError e) {
            close(files);
            LOG.warnf(e, "processing failed unexpectedly");
            return new Result(null, null, null, ProcessingFailure.of(ProcessErrorCode.PARSE_ERROR,
                    "the document could not be processed: " + e.getClass().getSimpleName(), work.url()));
        }
    }

    private static void close(SpecFetcher.Files files) {
        if (files != null) {
            files.close();
        }
    }

    /** A text source, read when it is processed; a spec deleted meanwhile is an empty text (completed by nobody). */
    private String sourceText(String specId) {
        return QuarkusTransaction.requiringNew().call(() -> specs.sourceText(specId));
    }

    void complete(String specId, String request, Result result) {
        Instant now = now();
        SpecProcessing.Completing spec = specs.complete(specId, request, now);
        if (spec == null) {
            return; // deleted, or superseded by a newer upload: its own processing reports
        }
        if (result.failure() != null) {
            List<SpecView.ProcessError> errors = result.failure().errors();
            int max = config.processing().maxErrorsListed();
            specs.failed(specId, result.failure().code(), errors.size(),
                    write(errors.size() > max ? errors.subList(0, max) : errors));
            return;
        }
        String created = null;
        if (result.unchanged()) {
            if (!result.hash().equals(versions.contentHash(spec.lastVersion()))) {
                // not parsed since it matched the latest version, which has changed since: rolled back, the
                // request is processed again (ProcessingSweep) and parsed then
                throw new IllegalStateException("the latest version of spec " + specId + " changed while it was processed");
            }
        } else {
            String url = spec.sourceUrl() != null ? spec.sourceUrl() : result.files().files().get(0).url();
            created = versions.store(specId, spec.lastVersion(), url, result.files().files(), result.hash(),
                    result.summary(), now);
        }
        specs.succeeded(specId, created);
    }

    private String write(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MICROS);
    }
}
