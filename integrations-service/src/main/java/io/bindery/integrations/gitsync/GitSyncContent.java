package io.bindery.integrations.gitsync;

import io.bindery.commons.auth.Role;
import io.bindery.commons.auth.ServiceTokens;
import io.bindery.commons.client.InternalCall;
import io.bindery.commons.client.InternalClients;
import io.bindery.commons.client.Unreachable;
import io.bindery.commons.errors.ApiException;
import io.bindery.contracts.content.RevisionTree;
import io.bindery.contracts.content.SpaceAccessResponse;
import io.bindery.integrations.config.IntegrationsConfig;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.ProcessingException;
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
 * Reads a space from content-service for Git Sync: who the caller is on it, and a revision as a
 * {@link SpaceSnapshot}. Content's 4xx come back as {@code ApiException}s with its status; content unreachable is a
 * 503. Called out of any transaction.
 */
@ApplicationScoped
public class GitSyncContent {
    static final String SERVICE = ServiceTokens.CONTENT;

    @Inject
    IntegrationsConfig config;
    @Inject
    ServiceTokens serviceTokens;

    GitContentApi api;
    GitFilesApi fileLists;

    @PostConstruct
    void build() {
        api = InternalClients.build(GitContentApi.class, SERVICE, config.contentUrl(), config.internalCallConnectTimeout(),
                config.internalCallTimeout().multipliedBy(4));
        fileLists = InternalClients.build(GitFilesApi.class, SERVICE, config.contentUrl(), config.internalCallConnectTimeout(),
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

    /** The revision's pages (hidden ones too), markdown and files; {@code token} is the user's, for the file list. */
    public SpaceSnapshot snapshot(String spaceId, String revision, String token) {
        RevisionTree tree = InternalCall.with(serviceTokens, SERVICE, auth -> api.tree(auth, spaceId, revision));
        List<SpaceSnapshot.File> files = new ArrayList<>();
        String page = null;
        do {
            String cursor = page;
            GitFilesApi.Files list = publicCall(() -> fileLists.files("Bearer " + token, spaceId, revision, 100, cursor));
            for (GitFilesApi.Files.File f : list.items()) {
                byte[] bytes = InternalCall.with(serviceTokens, SERVICE, auth -> bytes(api.file(auth, spaceId, revision, f.id())));
                files.add(new SpaceSnapshot.File(f.id(), f.name(), f.contentType(), bytes));
            }
            page = list.next() == null ? null : list.next().page();
        } while (page != null);
        Map<String, String> markdown = markdown(spaceId, revision, tree.pages());
        return new SpaceSnapshot(nest(tree.pages(), markdown, 0, new int[]{0}), files);
    }

    /** Pages read from content at once: one at a time, a 1,000-page space's export waited on 1,000 round trips. */
    static final int READS_IN_FLIGHT = 8;

    /** Each document page's markdown by page id, read {@link #READS_IN_FLIGHT} at a time. */
    private Map<String, String> markdown(String spaceId, String revision, List<RevisionTree.Page> flat) {
        Map<String, String> out = new ConcurrentHashMap<>();
        Semaphore permits = new Semaphore(READS_IN_FLIGHT);
        List<Future<?>> reads = new ArrayList<>();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (RevisionTree.Page p : flat) {
                if ("group".equals(p.kind()) || "link".equals(p.kind())) {
                    continue;
                }
                reads.add(pool.submit(() -> {
                    permits.acquireUninterruptibly();
                    try {
                        out.put(p.id(), InternalCall.with(serviceTokens, SERVICE,
                                auth -> api.page(auth, spaceId, revision, p.id())).markdown());
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

    private static <T> T publicCall(java.util.function.Supplier<T> call) {
        try {
            return call.get();
        } catch (ProcessingException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new Unreachable(SERVICE + " unavailable: " + cause.getMessage());
        }
    }
}
