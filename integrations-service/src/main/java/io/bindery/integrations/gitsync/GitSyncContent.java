package io.bindery.integrations.gitsync;

import io.bindery.commons.auth.Role;
import io.bindery.commons.auth.ServiceTokens;
import io.bindery.commons.client.InternalCall;
import io.bindery.commons.client.InternalClients;
import io.bindery.commons.errors.ApiException;
import io.bindery.contracts.content.RevisionFiles;
import io.bindery.contracts.content.RevisionPages;
import io.bindery.contracts.content.RevisionPagesRequest;
import io.bindery.contracts.content.RevisionTree;
import io.bindery.contracts.content.SpaceAccessResponse;
import io.bindery.integrations.config.IntegrationsConfig;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;

/**
 * Reads a space from content-service for Git Sync, through content's internal API with integrations' service token:
 * who the caller is on it, and a revision as a {@link SpaceSnapshot}. Content's 4xx come back as
 * {@code ApiException}s with its status; content unreachable is a 503. Called out of any transaction.
 */
@ApplicationScoped
public class GitSyncContent {
    static final String SERVICE = ServiceTokens.CONTENT;

    @Inject
    IntegrationsConfig config;
    @Inject
    ServiceTokens serviceTokens;

    GitContentApi api;

    @PostConstruct
    void build() {
        api = InternalClients.build(GitContentApi.class, SERVICE, config.contentUrl(), config.internalCallConnectTimeout(),
                config.internalCallTimeout().multipliedBy(4));
    }

    /** The space and the user's role on it (null: the user may not see it). */
    public record Access(String spaceId, String organizationId, String revision, Role role) {
    }

    /** The space as the user sees it; 404 when it does not exist, is deleted or is not visible to the user. */
    public Access access(String spaceId, String userId) {
        SpaceAccessResponse r = InternalCall.with(serviceTokens, SERVICE, auth -> api.access(auth, spaceId, userId));
        if (r.space() == null || r.space().deleted() || r.role() == null) {
            throw ApiException.notFound("no space " + spaceId);
        }
        return new Access(r.space().id(), r.space().organization(), r.space().revision(), Role.parse("role", r.role()));
    }

    /**
     * The space's current revision, whoever may see it: a synced space's exports act for the sync, not for the admin
     * who set it up (who may have left). 404 when the space does not exist or is deleted.
     */
    public String revision(String spaceId, String userId) {
        SpaceAccessResponse r = InternalCall.with(serviceTokens, SERVICE, auth -> api.access(auth, spaceId, userId));
        if (r.space() == null || r.space().deleted()) {
            throw ApiException.notFound("no space " + spaceId);
        }
        return r.space().revision();
    }

    /** The revision's pages (hidden ones too), markdown and files, read with integrations' service token alone. */
    public SpaceSnapshot snapshot(String spaceId, String revision) {
        RevisionTree tree = InternalCall.with(serviceTokens, SERVICE, auth -> api.tree(auth, spaceId, revision));
        RevisionFiles list = InternalCall.with(serviceTokens, SERVICE, auth -> api.files(auth, spaceId, revision));
        List<SpaceSnapshot.File> files = new ArrayList<>();
        for (RevisionFiles.File f : list.files()) {
            byte[] bytes = InternalCall.with(serviceTokens, SERVICE, auth -> bytes(api.file(auth, spaceId, revision, f.id())));
            files.add(new SpaceSnapshot.File(f.id(), f.name(), f.contentType(), bytes));
        }
        Map<String, String> markdown = markdown(spaceId, revision, tree.pages());
        return new SpaceSnapshot(nest(tree.pages(), markdown, 0, new int[]{0}), files);
    }

    /** Calls of content's bulk page read in flight at once (each of up to {@link RevisionPagesRequest#MAX_PAGES}). */
    static final int READS_IN_FLIGHT = 4;

    /**
     * Each document page's markdown by page id, read with content's bulk read: one call per
     * {@link RevisionPagesRequest#MAX_PAGES} pages, not one per page (a 1,000-page export spent 0.9–1.8 s on them).
     */
    private Map<String, String> markdown(String spaceId, String revision, List<RevisionTree.Page> flat) {
        List<String> documents = flat.stream().filter(p -> !"group".equals(p.kind()) && !"link".equals(p.kind()))
                .map(RevisionTree.Page::id).toList();
        Map<String, String> out = new ConcurrentHashMap<>();
        Semaphore permits = new Semaphore(READS_IN_FLIGHT);
        List<Future<?>> reads = new ArrayList<>();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int from = 0; from < documents.size(); from += RevisionPagesRequest.MAX_PAGES) {
                List<String> chunk = documents.subList(from, Math.min(documents.size(), from + RevisionPagesRequest.MAX_PAGES));
                reads.add(pool.submit(() -> {
                    permits.acquireUninterruptibly();
                    try {
                        RevisionPages pages = InternalCall.with(serviceTokens, SERVICE,
                                auth -> api.pages(auth, spaceId, revision, new RevisionPagesRequest(chunk)));
                        pages.pages().forEach(p -> out.put(p.id(), p.markdown() == null ? "" : p.markdown()));
                    } finally {
                        permits.release();
                    }
                }));
            }
            for (Future<?> read : reads) {
                try {
                    read.get();
                } catch (ExecutionException e) {
                    reads.forEach(f -> f.cancel(true));
                    if (e.getCause() instanceof RuntimeException r) {
                        throw r; // content's answer (ApiException) as a sequential read would have thrown it
                    }
                    throw new IllegalStateException(e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while reading the space's pages", e);
                }
            }
        }
        return out;
    }

    /** The flat tree (depth-first, with depths) as nested pages, with each document's markdown. */
    private static List<SpaceSnapshot.Page> nest(List<RevisionTree.Page> flat, Map<String, String> markdown, int depth, int[] at) {
        List<SpaceSnapshot.Page> out = new ArrayList<>();
        while (at[0] < flat.size() && flat.get(at[0]).depth() >= depth) {
            RevisionTree.Page p = flat.get(at[0]++);
            List<SpaceSnapshot.Page> children = nest(flat, markdown, depth + 1, at);
            SpaceSnapshot.Kind kind = switch (p.kind()) {
                case "group" -> SpaceSnapshot.Kind.GROUP;
                case "link" -> SpaceSnapshot.Kind.LINK;
                default -> SpaceSnapshot.Kind.DOCUMENT;
            };
            String text = kind == SpaceSnapshot.Kind.DOCUMENT ? markdown.get(p.id()) : "";
            out.add(new SpaceSnapshot.Page(p.id(), kind, p.title(), p.path(), p.description(), text, p.href(), children));
        }
        return out;
    }

    /** A file's bytes from content's answer (an error status has already thrown, as for every internal call). */
    private static byte[] bytes(Response response) {
        try (response) {
            return response.readEntity(byte[].class);
        }
    }
}
