package io.bindery.sites.sitespace;

import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.SortKey;
import io.bindery.commons.lists.Where;
import io.bindery.document.Slugs;
import io.bindery.contracts.content.SpaceData;
import io.bindery.contracts.sites.SitesEventTypes;
import io.bindery.sites.client.ContentClient;
import io.bindery.sites.site.SiteRecord;
import io.bindery.sites.site.SiteLookup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The spaces a site publishes, as rows, and the changes that the site-space endpoints ({@code sitespaces.SiteSpaces}),
 * sites, sections and content's space events make to them inside their transactions. A site space belongs to a
 * section, or to the root of a site without sections; siblings are numbered 1..n by {@code position}, have distinct paths, and exactly one of them is the default while
 * there are any (the first one added; making another default unsets it; removing it promotes the next).
 * <p>
 * Adding a space, or re-pointing a site space, asks content which spaces the caller can read (a space it cannot
 * see is a 404, as an unknown one): that call runs before the write's transaction (CONTRIBUTING's transaction
 * rule). Every change locks the site row first and publishes its site-space event, whose {@code published}
 * address content shows as the space's {@code urls.published}.
 */
@ApplicationScoped
public class SiteSpaceRows {
    public static final String ROOT = "";
    private static final Keyset<SiteSpaceRow> OLDEST_FIRST = Keyset.ascending(
            SortKey.instant("created_at", r -> r.createdAt), SortKey.text("id", r -> r.id));

    @Inject
    SiteLookup sites;
    @Inject
    SpaceSources sources;
    @Inject
    SiteSpaceViews views;
    @Inject
    ContentClient content;
    @Inject
    EventPublisher events;
    @Inject
    SiteSpaceStore store;

    // ---- content ----

    /**
     * The spaces as the user sees them, in the order given; 404 for the first that does not exist, is deleted, is
     * of another organization or that the user cannot read. Call it with no transaction open.
     */
    public List<SpaceData> requireReadable(String orgId, String userId, List<String> spaceIds) {
        if (spaceIds.isEmpty()) {
            return List.of();
        }
        Map<String, SpaceData> readable = content.readable(orgId, userId, spaceIds).stream()
                .collect(Collectors.toMap(SpaceData::id, Function.identity(), (a, b) -> a));
        List<SpaceData> out = new ArrayList<>();
        for (String id : new LinkedHashSet<>(spaceIds)) {
            SpaceData space = readable.get(id);
            if (space == null) {
                throw ApiException.notFound("no space " + id + " in this organization that you can read");
            }
            out.add(space);
        }
        return out;
    }

    // ---- used by sites, sections and content's space events (inside their transactions) ----

    /** A new site space at the end of its siblings; the first of them becomes the default. */
    public SiteSpaceRow insert(SiteRecord site, String sectionId, SpaceData space, String title, boolean draft) {
        List<SiteSpaceRow> siblings = siblings(site, sectionId);
        SiteSpaceRow r = new SiteSpaceRow();
        r.id = Ids.newId();
        r.siteId = site.id();
        r.sectionId = sectionId;
        r.spaceId = space.id();
        r.title = title;
        r.draft = draft;
        Set<String> taken = siblings.stream().map(s -> s.path).collect(Collectors.toSet());
        r.path = uniquePath(Slugs.of(title != null ? title : space.title()), taken);
        r.isDefault = siblings.isEmpty();
        r.position = siblings.size() + 1;
        r.createdAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        r.updatedAt = r.createdAt;
        store.insert(r);
        sources.upsert(space);
        events.publish(SitesEventTypes.SITE_SPACE_CREATED, site.id(), views.data(site, r));
        return r;
    }

    /** Where a site space moves: next to ({@code before} or after) the item {@code type}/{@code id}. */
    public record Position(boolean before, String type, String id) {
    }

    /**
     * A change of a site space (PATCH …/site-spaces/{id}): each field absent leaves it unchanged; {@code condition}
     * and {@code pageId} also take {@link Optional#empty()} inside a present Optional, which removes them; {@code space}
     * is a space content has said the caller can read.
     */
    public record Change(Optional<String> path, Optional<Optional<String>> condition, Optional<Boolean> hidden,
                         Optional<Boolean> draft, Optional<SpaceData> space, Optional<Optional<String>> pageId) {
    }

    /**
     * Changes the site space and publishes its new state; 400 for a path another sibling has. The caller has checked
     * the condition against the site's schema.
     */
    public void update(SiteRecord site, SiteSpaceRow r, Change in) {
        in.path().ifPresent(p -> {
            if (!p.equals(r.path) && siblings(site, r.sectionId).stream().anyMatch(s -> p.equals(s.path))) {
                throw ApiException.badRequest("path: another site space of this " + (r.sectionId == null ? "site" : "section")
                        + " is at " + p);
            }
            r.path = p;
        });
        in.condition().ifPresent(c -> r.condition = c.orElse(null));
        in.hidden().ifPresent(h -> r.hidden = h);
        in.draft().ifPresent(d -> r.draft = d);
        in.space().ifPresent(s -> {
            if (!s.id().equals(r.spaceId) && in.pageId().isEmpty()) {
                r.pageId = null; // a custom home page belongs to the space it was chosen in
            }
            r.spaceId = s.id();
            sources.upsert(s);
        });
        in.pageId().ifPresent(p -> r.pageId = p.orElse(null));
        changed(site, r);
    }

    /**
     * Moves a site space next to a sibling (a site space of the same section, or of the root), or to the end of its
     * siblings without a position; 400 for a position that is not a sibling, the site space itself, or an unknown id.
     */
    public void move(SiteRecord site, SiteSpaceRow r, Optional<Position> in) {
        List<SiteSpaceRow> order = siblings(site, r.sectionId);
        order.removeIf(s -> s.id.equals(r.id));
        if (in.isEmpty()) {
            order.add(r);
        } else {
            Position to = in.get();
            if (!"site-space".equals(to.type())) {
                throw ApiException.badRequest("position: a site space moves next to another site space (type site-space)");
            }
            if (to.id().equals(r.id)) {
                throw ApiException.badRequest("position: an item cannot move next to itself");
            }
            SiteSpaceRow target = find(site, to.id())
                    .orElseThrow(() -> ApiException.badRequest("position: no site-space " + to.id() + " in this site"));
            if (!Objects.equals(target.sectionId, r.sectionId)) {
                throw ApiException.badRequest("position: " + to.id() + " is not a sibling of " + r.id + " (another section)");
            }
            order.add(order.indexOf(target) + (to.before() ? 0 : 1), r);
        }
        for (int i = 0; i < order.size(); i++) {
            order.get(i).position = i + 1;
        }
        changed(site, r);
    }

    /** Removes the site space, publishing its deletion; promotes the next sibling when it was the default. */
    public void remove(SiteRecord site, SiteSpaceRow r) {
        events.publish(SitesEventTypes.SITE_SPACE_DELETED, site.id(), views.data(site, r));
        store.delete(r);
        store.flush(); // the row is gone before its siblings are read for the next default
        if (r.isDefault) {
            siblings(site, r.sectionId).stream().findFirst().ifPresent(next -> {
                next.isDefault = true;
                changed(site, next);
            });
        }
    }

    /** Makes the site space the default of its siblings, unsetting the one that was. */
    public void makeDefault(SiteRecord site, SiteSpaceRow r) {
        if (r.isDefault) {
            return;
        }
        for (SiteSpaceRow sibling : siblings(site, r.sectionId)) {
            if (sibling.isDefault) {
                sibling.isDefault = false;
                changed(site, sibling);
            }
        }
        store.flush(); // the old default is unset before the new one is set: one default per section, in the index too
        r.isDefault = true;
        changed(site, r);
    }

    /** The site's or a section's address changed: every site space concerned publishes its new address. */
    public void addressesChanged(SiteRecord site, String sectionId) {
        List<SiteSpaceRow> rows = sectionId == null ? of(site) : siblings(site, sectionId);
        rows.forEach(r -> changed(site, r));
    }

    /** Site spaces at the root of a site move into its first section (a site has sections or root spaces). */
    public void moveRootInto(SiteRecord site, String sectionId) {
        for (SiteSpaceRow r : siblings(site, null)) {
            r.sectionId = sectionId;
            changed(site, r);
        }
    }

    /** Publishes the deletion of a section's site spaces (the database deletes them with the section). */
    public void sectionDeleted(SiteRecord site, String sectionId) {
        siblings(site, sectionId).forEach(r -> events.publish(SitesEventTypes.SITE_SPACE_DELETED, site.id(), views.data(site, r)));
    }

    /**
     * A space was deleted (keepIn null), or now belongs to organization {@code keepIn}: it leaves every site that
     * cannot show it any more.
     */
    public void spaceGone(String spaceId, String keepIn) {
        List<SiteSpaceRow> rows = store.ofSpace(spaceId);
        for (SiteSpaceRow r : rows) {
            SiteRecord site = sites.lockAnyOrganization(r.siteId);
            if (site != null && (keepIn == null || !keepIn.equals(site.organizationId()))) {
                remove(site, r);
            }
        }
    }

    public SiteSpaceRow require(SiteRecord site, String siteSpaceId) {
        return find(site, siteSpaceId).orElseThrow(() -> ApiException.notFound("no site space " + siteSpaceId + " in this site"));
    }

    public Optional<SiteSpaceRow> find(SiteRecord site, String siteSpaceId) {
        return Optional.ofNullable(store.find(siteSpaceId)).filter(r -> r.siteId.equals(site.id()));
    }

    /** The site space {@code siteSpaceId} of the site if it is in section {@code sectionId}; empty otherwise. */
    public Optional<SiteSpaceRow> findInSection(SiteRecord site, String sectionId, String siteSpaceId) {
        return find(site, siteSpaceId).filter(r -> sectionId.equals(r.sectionId));
    }

    /** A page of the site's site spaces, oldest first; {@code isDefault}: only default ones (true), or others. */
    public ListPage<SiteSpaceRow> page(SiteRecord site, Boolean isDefault, String page, int limit) {
        Where where = Where.of("site_id = :site", "site", site.id());
        if (isDefault != null) {
            where = where.and("is_default = :isDefault", "isDefault", isDefault);
        }
        return store.page(OLDEST_FIRST, page, limit, where);
    }

    /** How many site spaces each of the sites has (a site without any is not in the map). */
    public Map<String, Long> counts(List<String> siteIds) {
        Map<String, Long> counts = new HashMap<>();
        if (siteIds.isEmpty()) {
            return counts;
        }
        return store.counts(siteIds);
    }

    public long count(String siteId) {
        return counts(List.of(siteId)).getOrDefault(siteId, 0L);
    }

    /** All site spaces of the site, in order. */
    public List<SiteSpaceRow> of(SiteRecord site) {
        return store.ofSite(site.id());
    }

    /** {@link #of} as records, for the features that only read them (the same query). */
    public List<SiteSpaceRecord> records(SiteRecord site) {
        return of(site).stream().map(SiteSpaceRecord::of).toList();
    }

    /** {@link #siblings} as records, for the features that only read them (the same query). */
    public List<SiteSpaceRecord> siblingRecords(SiteRecord site, String sectionId) {
        return siblings(site, sectionId).stream().map(SiteSpaceRecord::of).toList();
    }

    /** The shown site spaces of the site as views, by section id ({@link #ROOT} for the root), each list in order. */
    public Map<String, List<SiteSpaceView>> viewsBySection(SiteRecord site, Predicate<SiteSpaceRow> shown) {
        List<SiteSpaceRow> rows = of(site).stream().filter(shown).toList();
        Function<SiteSpaceRow, SiteSpaceView> presenter = views.presenter(site, rows);
        Map<String, List<SiteSpaceView>> out = new LinkedHashMap<>();
        for (SiteSpaceRow r : rows) {
            out.computeIfAbsent(r.sectionId == null ? ROOT : r.sectionId, k -> new ArrayList<>()).add(presenter.apply(r));
        }
        return out;
    }

    // ---- helpers ----

    /** The site spaces of a section (null: the root), in order. */
    public List<SiteSpaceRow> siblings(SiteRecord site, String sectionId) {
        return new ArrayList<>(store.ofSection(site.id(), sectionId));
    }

    /** The row changed: its {@code updatedAt} moves and its event is published. */
    public void changed(SiteRecord site, SiteSpaceRow r) {
        r.updatedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        events.publish(SitesEventTypes.SITE_SPACE_UPDATED, site.id(), views.data(site, r));
    }

    private static String uniquePath(String base, Set<String> taken) {
        String root = base.isEmpty() ? "space" : base.length() > 90 ? base.substring(0, 90) : base;
        String path = root;
        for (int n = 2; taken.contains(path); n++) {
            path = root + "-" + n;
        }
        return path;
    }
}
