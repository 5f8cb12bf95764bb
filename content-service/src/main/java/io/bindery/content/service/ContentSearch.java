package io.bindery.content.service;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.projection.Membership;
import io.bindery.content.domain.Space;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.util.ArrayList;
import java.util.HashMap;
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
    /**
     * Matching sections ranked at most (shared between the spaces searched, at least 1,000 each): a word found in a
     * third of an organization's sections would otherwise cost reading and ranking all of them. Beyond this many
     * matches the best are picked among the first found, so latency stays bounded and ranking is approximate only
     * for such near-ubiquitous words.
     */
    static final int MAX_RANKED = 10_000;
    /** Best sections shown per page, and best pages per space in an organization search. */
    static final int SECTIONS_PER_PAGE = 3;
    static final int PAGES_PER_SPACE = 10;

    @Inject
    EntityManager em;
    @Inject
    ContentLookup lookup;
    @Inject
    ContentAccess access;
    @Inject
    PageViews views;
    @Inject
    ObjectMapper json;

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
        Map<String, Space> spaces = Map.of(space.id, space);
        List<Hit> pages = ranked(spaces, q, Integer.MAX_VALUE).getOrDefault(space.id, List.of());
        ListPage<Hit> slice = InMemoryPages.slice(pages, limit, page);
        Map<String, String> bodies = highlights(spaces, q, slice.items());
        return new ListPage<>(slice.items().stream().map(h -> h.view(space, bodies, views)).toList(), slice.count(), slice.next());
    }

    public ListPage<SpaceHit> inOrganization(String organizationId, String callerId, String query, String limit, String page) {
        String q = query(query);
        Membership member = access.requireMember(organizationId, callerId);
        List<Space> candidates = Space.list("organizationId = ?1 and deletedAt is null", organizationId);
        Map<String, Role> roles = access.roles(member, candidates);
        Map<String, Space> readable = new LinkedHashMap<>();
        candidates.stream().filter(s -> roles.get(s.id) != null).forEach(s -> readable.put(s.id, s));
        Map<String, List<Hit>> bySpace = ranked(readable, q, PAGES_PER_SPACE);
        ListPage<String> slice = InMemoryPages.slice(List.copyOf(bySpace.keySet()), limit, page);
        List<Hit> shown = slice.items().stream().flatMap(id -> bySpace.get(id).stream()).toList();
        Map<String, String> bodies = highlights(readable, q, shown);
        List<SpaceHit> out = slice.items().stream().map(id -> new SpaceHit(id, readable.get(id).title,
                bySpace.get(id).stream().map(h -> h.view(readable.get(id), bodies, views)).toList())).toList();
        return new ListPage<>(out, slice.count(), slice.next());
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

    /** A matching page: what the index row holds, and its best sections. */
    private record Hit(String spaceId, String pageId, String title, String path, List<String> ancestors,
                       List<SectionRef> sections) {
        PageHit view(Space space, Map<String, String> bodies, PageViews views) {
            List<Section> out = new ArrayList<>();
            for (SectionRef s : sections) {
                String anchor = s.anchor();
                String sectionPath = anchor.isEmpty() ? path : path + "#" + anchor;
                out.add(new Section(anchor, s.title(), sectionPath, bodies.getOrDefault(key(spaceId, pageId, s.ordinal()), ""),
                        new Urls(views.appUrl(space, sectionPath))));
            }
            return new PageHit(pageId, title, path, out, ancestors.stream().map(Ancestor::new).toList(),
                    new Urls(views.appUrl(space, path)));
        }
    }

    private List<String> titles(String jsonArray) {
        try {
            return List.of(json.readValue(jsonArray, String[].class));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("search_section.ancestors did not read back as a JSON array", e);
        }
    }

    /** A matching section of a page: its place in the page, anchor and heading. */
    private record SectionRef(int ordinal, String anchor, String title) {
    }

    private static String key(String spaceId, String pageId, int ordinal) {
        return spaceId + "/" + pageId + "/" + ordinal;
    }

    /** Matching pages per space, best first (by their best section), at most {@code pagesPerSpace} each. */
    private Map<String, List<Hit>> ranked(Map<String, Space> spaces, String q, int pagesPerSpace) {
        Map<String, List<Hit>> out = new LinkedHashMap<>();
        if (spaces.isEmpty()) {
            return out;
        }
        // each space ranks at most its share of MAX_RANKED matches, so a common word still finds every space
        int perSpace = Math.max(1000, MAX_RANKED / spaces.size());
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("SELECT m.space_id, m.page_id, m.ordinal, m.anchor, m.title, m.page_title,"
                        + " m.path, to_json(m.ancestors)::text FROM unnest(string_to_array(:spaces, ',')) AS sp(id)"
                        + " CROSS JOIN websearch_to_tsquery('" + SearchIndex.CONFIG + "', :q) q CROSS JOIN LATERAL ("
                        + "   SELECT s.space_id, s.page_id, s.ordinal, s.anchor, s.title, s.page_title, s.path, s.ancestors,"
                        + "   ts_rank(s.tsv, q) AS rank FROM search_section s"
                        + "   WHERE s.space_id = sp.id AND s.tsv @@ q LIMIT " + perSpace + ") m"
                        + " ORDER BY m.rank DESC, m.page_id, m.ordinal LIMIT " + MAX_SECTIONS)
                .setParameter("q", q).setParameter("spaces", String.join(",", spaces.keySet())).getResultList();
        Map<String, Map<String, Hit>> pages = new LinkedHashMap<>();
        for (Object[] r : rows) {
            String spaceId = (String) r[0];
            Map<String, Hit> inSpace = pages.computeIfAbsent(spaceId, k -> new LinkedHashMap<>());
            Hit hit = inSpace.get((String) r[1]);
            if (hit == null) {
                if (inSpace.size() >= pagesPerSpace) {
                    continue;
                }
                hit = new Hit(spaceId, (String) r[1], (String) r[5], (String) r[6], titles((String) r[7]), new ArrayList<>());
                inSpace.put(hit.pageId(), hit);
            }
            if (hit.sections().size() < SECTIONS_PER_PAGE) {
                hit.sections().add(new SectionRef(((Number) r[2]).intValue(), (String) r[3], (String) r[4]));
            }
        }
        pages.forEach((spaceId, hits) -> out.put(spaceId, List.copyOf(hits.values())));
        return out;
    }

    /** Highlighted bodies of the sections shown, by space/page/ordinal: only these pay for ts_headline. */
    private Map<String, String> highlights(Map<String, Space> spaces, String q, List<Hit> shown) {
        Map<String, String> out = new HashMap<>();
        if (shown.isEmpty()) {
            return out;
        }
        List<String> keys = new ArrayList<>();
        shown.forEach(h -> h.sections().forEach(s -> keys.add(key(h.spaceId(), h.pageId(), s.ordinal()))));
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("SELECT s.space_id || '/' || s.page_id || '/' || s.ordinal,"
                        + " ts_headline('" + SearchIndex.CONFIG + "', s.body, q, 'StartSel=<mark>, StopSel=</mark>, MaxWords=35, MinWords=15')"
                        + " FROM search_section s, websearch_to_tsquery('" + SearchIndex.CONFIG + "', :q) q"
                        + " WHERE s.space_id IN (:spaces) AND s.page_id IN (:pages)"
                        + " AND s.space_id || '/' || s.page_id || '/' || s.ordinal IN (:keys)")
                .setParameter("q", q).setParameter("spaces", spaces.keySet())
                .setParameter("pages", shown.stream().map(Hit::pageId).distinct().toList())
                .setParameter("keys", keys).getResultList();
        rows.forEach(r -> out.put((String) r[0], (String) r[1]));
        return out;
    }
}
