package io.bindery.content.service;

import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.projection.Membership;
import io.bindery.content.domain.PageVersion;
import io.bindery.content.domain.Space;
import io.bindery.content.revisions.RevisionStore;
import io.bindery.content.revisions.Snapshot;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Full-text search over live content (PostgreSQL tsvector, ranked, with highlighted section bodies): in one space,
 * or in every space of an organization that the caller can read.
 */
@ApplicationScoped
public class ContentSearch {
    /** Sections ranked per query; results beyond are not returned (a search is for the best matches). */
    static final int MAX_SECTIONS = 500;

    @Inject
    EntityManager em;
    @Inject
    ContentLookup lookup;
    @Inject
    ContentAccess access;
    @Inject
    RevisionStore store;
    @Inject
    PageViews views;

    public record Section(String id, String title, String path, String body, Urls urls) {
    }

    public record Urls(String app) {
    }

    public record Ancestor(String title) {
    }

    public record PageHit(String id, String title, String path, List<Section> sections, List<Ancestor> ancestors, Urls urls) {
    }

    public record SpaceHit(String id, String title, List<PageHit> pages) {
    }

    public ListPage<PageHit> inSpace(String spaceId, String callerId, String query, String limit, String page) {
        String q = query(query);
        Space space = lookup.space(spaceId, callerId).item();
        return InMemoryPages.slice(hits(List.of(space), q).getOrDefault(space.id, List.of()), limit, page);
    }

    public ListPage<SpaceHit> inOrganization(String organizationId, String callerId, String query, String limit, String page) {
        String q = query(query);
        Membership member = access.requireMember(organizationId, callerId);
        List<Space> candidates = Space.list("organizationId = ?1 and deletedAt is null", organizationId);
        Map<String, Role> roles = access.roles(member, candidates);
        List<Space> readable = candidates.stream().filter(s -> roles.get(s.id) != null).toList();
        Map<String, List<PageHit>> bySpace = hits(readable, q);
        List<SpaceHit> out = new ArrayList<>();
        for (Space s : readable) {
            List<PageHit> pages = bySpace.get(s.id);
            if (pages != null) {
                out.add(new SpaceHit(s.id, s.title, pages));
            }
        }
        return InMemoryPages.slice(out, limit, page);
    }

    private static String query(String query) {
        if (query == null || query.isBlank()) {
            throw ApiException.badRequest("query is required");
        }
        if (query.length() > 512) {
            throw ApiException.badRequest("query must be at most 512 characters");
        }
        return query;
    }

    /** Matching pages per space, best first, each with its matching sections. */
    private Map<String, List<PageHit>> hits(List<Space> spaces, String q) {
        Map<String, List<PageHit>> out = new LinkedHashMap<>();
        if (spaces.isEmpty()) {
            return out;
        }
        Map<String, Space> byId = new LinkedHashMap<>();
        spaces.forEach(s -> byId.put(s.id, s));
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("SELECT h.space_id, h.page_id, h.anchor, h.title,"
                        + " ts_headline('" + SearchIndex.CONFIG + "', h.body, h.q, 'StartSel=<mark>, StopSel=</mark>, MaxWords=35, MinWords=12, MaxFragments=2')"
                        + " FROM (SELECT s.space_id, s.page_id, s.anchor, s.title, s.body, q, ts_rank(s.tsv, q) AS rank"
                        + "       FROM search_section s, websearch_to_tsquery('" + SearchIndex.CONFIG + "', :q) q"
                        + "       WHERE s.space_id IN (:spaces) AND s.tsv @@ q ORDER BY rank DESC, s.page_id, s.ordinal LIMIT " + MAX_SECTIONS + ") h"
                        + " ORDER BY h.rank DESC, h.page_id")
                .setParameter("q", q).setParameter("spaces", byId.keySet()).getResultList();
        Map<String, Snapshot> snapshots = new LinkedHashMap<>();
        Map<String, Map<String, List<Section>>> sections = new LinkedHashMap<>();
        for (Object[] r : rows) {
            String spaceId = (String) r[0];
            String pageId = (String) r[1];
            Space space = byId.get(spaceId);
            Snapshot snap = snapshots.computeIfAbsent(spaceId, k -> store.load(space.revisionId));
            String path = snap.path(pageId);
            if (path == null) {
                continue; // the index is written with the live revision; a page missing here is mid-update
            }
            String anchor = (String) r[2];
            String sectionPath = anchor.isEmpty() ? path : path + "#" + anchor;
            sections.computeIfAbsent(spaceId, k -> new LinkedHashMap<>()).computeIfAbsent(pageId, k -> new ArrayList<>())
                    .add(new Section(anchor, (String) r[3], sectionPath, (String) r[4], new Urls(views.appUrl(space, sectionPath))));
        }
        sections.forEach((spaceId, pages) -> {
            Snapshot snap = snapshots.get(spaceId);
            Space space = byId.get(spaceId);
            List<PageHit> list = new ArrayList<>();
            pages.forEach((pageId, secs) -> {
                PageVersion p = snap.page(pageId).orElseThrow();
                list.add(new PageHit(pageId, p.title(), snap.path(pageId), secs,
                        snap.ancestors(pageId).stream().map(a -> new Ancestor(a.title())).toList(),
                        new Urls(views.appUrl(space, snap.path(pageId)))));
            });
            out.put(spaceId, list);
        });
        return out;
    }
}
