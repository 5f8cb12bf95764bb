package io.bindery.sites.structure;

import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.SortKey;
import io.bindery.document.Slugs;
import io.bindery.contracts.sites.SiteStructureItemData;
import io.bindery.contracts.sites.SitesEventTypes;
import io.bindery.sites.access.SiteAccess;
import io.bindery.sites.access.SitePolicy;
import io.bindery.sites.access.SitePolicy.Action;
import io.bindery.sites.adaptive.AdaptiveSchemas;
import io.bindery.sites.adaptive.Conditions;
import io.bindery.sites.site.SiteRecord;
import io.bindery.sites.site.SiteLookup;
import io.bindery.sites.sitespace.SiteSpaceRow;
import io.bindery.sites.sitespace.SiteSpaceView;
import io.bindery.sites.sitespace.SiteSpaceRows;
import io.bindery.sites.sitespace.SiteSpaceViews;
import io.bindery.contracts.content.SpaceData;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Sections and section groups of a site, and their order. Siblings (the items of one parent: the site root or a
 * group) are numbered 1..n by {@code position}; a move or a removal renumbers the parent's children, so the order
 * is stable and shows the same in lists, the structure and {@code published}. Every change locks the site row
 * first: two concurrent moves of one site apply one after the other.
 */
@ApplicationScoped
public class SiteStructure {
    private static final String ROOT = "";
    private static final Keyset<StructureItem> OLDEST_FIRST = Keyset.ascending(
            SortKey.instant("created_at", i -> i.createdAt), SortKey.text("id", i -> i.id));

    @Inject
    SiteAccess access;
    @Inject
    SiteLookup sites;
    @Inject
    StructureStore store;
    @Inject
    StructureViews views;
    @Inject
    AdaptiveSchemas schemas;
    @Inject
    Conditions conditions;
    @Inject
    SiteSpaceRows siteSpaces;
    @Inject
    SiteSpaceViews siteSpaceViews;
    @Inject
    EventPublisher events;

    // ---- reading ----

    @Transactional
    public ListPage<Object> list(String orgId, String userId, String siteId, String kind, String page, int limit) {
        access.policy(orgId, userId).require(Action.VIEW);
        SiteRecord site = sites.requireRecord(orgId, siteId, false);
        Map<String, List<StructureItemRecord>> byParent = byParent(site);
        Map<String, List<SiteSpaceView>> spaces = siteSpaces(site);
        return store.page(OLDEST_FIRST, page, limit, site, kind)
                .map(i -> i.section() ? views.section(site, i, spaces) : views.group(site, i, byParent, spaces));
    }

    @Transactional
    public StructureViews.Structure structure(String orgId, String userId, String siteId) {
        access.policy(orgId, userId).require(Action.VIEW);
        SiteRecord site = sites.requireRecord(orgId, siteId, false);
        Map<String, List<StructureItemRecord>> byParent = byParent(site);
        Map<String, List<SiteSpaceView>> spaces = siteSpaces(site);
        return StructureViews.Structure.of(views.items(site, byParent.getOrDefault(ROOT, List.of()), byParent, spaces), spaces,
                !byParent.isEmpty());
    }

    /** Every site space of the site as a view, by section. */
    public Map<String, List<SiteSpaceView>> siteSpaces(SiteRecord site) {
        return siteSpaces.viewsBySection(site, r -> true);
    }

    /** The site's items by parent id ({@link #ROOT} for the root), each list in order; one query. */
    public Map<String, List<StructureItemRecord>> byParent(SiteRecord site) {
        Map<String, List<StructureItemRecord>> byParent = new HashMap<>();
        for (StructureItem i : store.all(site)) {
            byParent.computeIfAbsent(parentKey(i.parentId), k -> new ArrayList<>()).add(StructureItemRecord.of(i));
        }
        return byParent;
    }

    // ---- sections ----

    /**
     * A new section, with {@code spaceId} as its first (default) site space. The first section of a site takes the
     * site spaces at its root (a site has either). The space's readability is asked of content before the write's
     * transaction.
     */
    public StructureViews.SectionView createSection(String orgId, String userId, String siteId, StructureRequests.CreateSection in) {
        manage(orgId, userId);
        if (in.template()) {
            throw ApiException.notImplemented("a section made from a template is not built: create it with a spaceId");
        }
        Optional<SpaceData> space = in.spaceId().map(id -> siteSpaces.requireReadable(orgId, userId, List.of(id)).get(0));
        return QuarkusTransaction.requiringNew().call(() -> {
            SiteRecord site = sites.requireRecord(orgId, siteId, true);
            boolean first = !store.hasSections(site);
            StructureItem s = newItem(site, StructureItem.SECTION, null, in.title(), in.icon().orElse(null));
            s.path = uniquePath(site, Slugs.of(in.title()), null);
            s.isDefault = first;
            store.insert(s);
            store.flush();
            publish(SitesEventTypes.SECTION_CREATED, site, s);
            if (first) {
                siteSpaces.moveRootInto(site, s.id);
            }
            space.ifPresent(sp -> siteSpaces.insert(site, s.id, sp, null, false));
            return views.section(site, s, siteSpaces(site));
        });
    }

    @Transactional
    public StructureViews.SectionView updateSection(String orgId, String userId, String siteId, String sectionId,
                                                    StructureRequests.UpdateSection in) {
        manage(orgId, userId);
        SiteRecord site = sites.requireRecord(orgId, siteId, true);
        StructureItem s = require(site, sectionId, StructureItem.SECTION);
        SiteSpaceRow newDefault = in.defaultSiteSpace().map(id -> siteSpaces.findInSection(site, s.id, id)
                .orElseThrow(() -> ApiException.badRequest("defaultSiteSpace: no site space " + id + " in this section"))).orElse(null);
        in.condition().ifPresent(c -> c.ifPresent(text -> conditions.check("condition", text, schemas.schemaOf(site))));
        in.title().ifPresent(t -> s.title = t);
        in.path().ifPresent(p -> {
            if (!p.equals(s.path) && store.sectionPathTaken(site, p, null)) {
                throw ApiException.badRequest("path: another section of this site is at " + p);
            }
            boolean moved = !p.equals(s.path);
            s.path = p;
            if (moved) {
                store.flush();
                siteSpaces.addressesChanged(site, s.id);
            }
        });
        if (newDefault != null) {
            siteSpaces.makeDefault(site, newDefault);
        }
        in.condition().ifPresent(c -> s.condition = c.orElse(null));
        in.icon().ifPresent(i -> s.icon = i.orElse(null));
        in.description().ifPresent(d -> s.description = d);
        publish(SitesEventTypes.SECTION_UPDATED, site, s);
        return views.section(site, s, siteSpaces(site));
    }

    /** Deletes a section with its site spaces; the next section becomes the default if it was. 204 when unknown. */
    @Transactional
    public void deleteSection(String orgId, String userId, String siteId, String sectionId) {
        manage(orgId, userId);
        SiteRecord site = sites.requireRecord(orgId, siteId, true);
        find(site, sectionId, StructureItem.SECTION).ifPresent(s -> {
            publish(SitesEventTypes.SECTION_DELETED, site, s);
            siteSpaces.sectionDeleted(site, s.id);
            store.delete(s);
            store.flush();
            renumber(siblings(site, s.parentId, null));
            if (s.isDefault) {
                store.oldestSection(site).ifPresent(next -> next.isDefault = true);
            }
        });
    }

    // ---- groups ----

    @Transactional
    public StructureViews.GroupView createGroup(String orgId, String userId, String siteId, StructureRequests.CreateGroup in) {
        manage(orgId, userId);
        SiteRecord site = sites.requireRecord(orgId, siteId, true);
        StructureItem parent = in.parent().map(p -> require(site, p, StructureItem.GROUP)).orElse(null);
        List<StructureItem> sections = new ArrayList<>();
        for (String id : in.sections()) {
            sections.add(find(site, id, StructureItem.SECTION)
                    .orElseThrow(() -> ApiException.badRequest("sections: no section " + id + " in this site")));
        }
        StructureItem g = newItem(site, StructureItem.GROUP, parent == null ? null : parent.id, in.title(), in.icon().orElse(null));
        store.insert(g);
        for (StructureItem s : sections) {
            moveInto(site, s, g);
        }
        publish(SitesEventTypes.SECTION_GROUP_CREATED, site, g);
        return views.group(site, g, byParent(site), siteSpaces(site));
    }

    @Transactional
    public StructureViews.GroupView updateGroup(String orgId, String userId, String siteId, String groupId, StructureRequests.UpdateGroup in) {
        manage(orgId, userId);
        SiteRecord site = sites.requireRecord(orgId, siteId, true);
        StructureItem g = require(site, groupId, StructureItem.GROUP);
        in.title().ifPresent(t -> g.title = t);
        in.icon().ifPresent(i -> g.icon = i.orElse(null));
        publish(SitesEventTypes.SECTION_GROUP_UPDATED, site, g);
        return views.group(site, g, byParent(site), siteSpaces(site));
    }

    /** Deletes a group; its children take its place in its parent, in their order (nothing is lost). 204 when unknown. */
    @Transactional
    public void deleteGroup(String orgId, String userId, String siteId, String groupId) {
        manage(orgId, userId);
        SiteRecord site = sites.requireRecord(orgId, siteId, true);
        find(site, groupId, StructureItem.GROUP).ifPresent(g -> {
            List<StructureItem> order = new ArrayList<>();
            for (StructureItem sibling : siblings(site, g.parentId, null)) {
                if (sibling.id.equals(g.id)) {
                    for (StructureItem child : siblings(site, g.id, null)) {
                        child.parentId = g.parentId;
                        order.add(child);
                    }
                } else {
                    order.add(sibling);
                }
            }
            store.flush();
            publish(SitesEventTypes.SECTION_GROUP_DELETED, site, g);
            store.delete(g);
            renumber(order);
        });
    }

    @Transactional
    public StructureViews.GroupView addToGroup(String orgId, String userId, String siteId, String groupId, String sectionId) {
        manage(orgId, userId);
        SiteRecord site = sites.requireRecord(orgId, siteId, true);
        StructureItem g = require(site, groupId, StructureItem.GROUP);
        StructureItem s = find(site, sectionId, StructureItem.SECTION)
                .orElseThrow(() -> ApiException.badRequest("sectionId: no section " + sectionId + " in this site"));
        moveInto(site, s, g);
        publish(SitesEventTypes.SECTION_UPDATED, site, s);
        return views.group(site, g, byParent(site), siteSpaces(site));
    }

    /** Takes a section out of a group: it goes right after the group, in the group's parent. 204 when not in it. */
    @Transactional
    public void removeFromGroup(String orgId, String userId, String siteId, String groupId, String sectionId) {
        manage(orgId, userId);
        SiteRecord site = sites.requireRecord(orgId, siteId, true);
        StructureItem g = require(site, groupId, StructureItem.GROUP);
        find(site, sectionId, StructureItem.SECTION).filter(s -> g.id.equals(s.parentId)).ifPresent(s -> {
            String from = s.parentId;
            List<StructureItem> order = siblings(site, g.parentId, null);
            order.add(order.indexOf(g) + 1, s);
            s.parentId = g.parentId;
            renumber(order);
            renumber(siblings(site, from, s.id));
            publish(SitesEventTypes.SECTION_UPDATED, site, s);
        });
    }

    // ---- moves ----

    /**
     * Moves a section or group next to a sibling, or without a position (GitBook's body makes it optional) to the
     * end of its siblings, as the site-space move and the sort do. 404 for an unknown item; 400 for a position that
     * is not a sibling (another parent), the item itself, or an unknown id.
     */
    @Transactional
    public StructureItem move(String orgId, String userId, String siteId, String kind, String itemId,
                              Optional<StructureRequests.Move> in) {
        manage(orgId, userId);
        SiteRecord site = sites.requireRecord(orgId, siteId, true);
        StructureItem item = require(site, itemId, kind);
        if (in.isPresent()) {
            return moveNextTo(site, item, in.get());
        }
        moveToEnd(site, item);
        return item;
    }

    private void moveToEnd(SiteRecord site, StructureItem item) {
        List<StructureItem> order = siblings(site, item.parentId, item.id);
        order.add(item);
        renumber(order);
        publish(item.section() ? SitesEventTypes.SECTION_UPDATED : SitesEventTypes.SECTION_GROUP_UPDATED, site, item);
    }

    /**
     * PATCH …/structure/sort: moves a site space, section or group next to a sibling, or to the end of its
     * siblings without a position; answers the moved item (GitBook's SiteStructureItem). An unknown item is a 404.
     */
    @Transactional
    public Object sort(String orgId, String userId, String siteId, StructureRequests.Sort in) {
        switch (in.type()) {
            case "site-space" -> {
                manage(orgId, userId);
                SiteRecord site = sites.requireRecord(orgId, siteId, true);
                SiteSpaceRow r = siteSpaces.require(site, in.id());
                siteSpaces.move(site, r, in.position().map(to -> new SiteSpaceRows.Position(to.before(), to.type(), to.id())));
                return siteSpaceViews.view(site, r);
            }
            case "site-section", "site-section-group" -> {
                manage(orgId, userId);
                SiteRecord site = sites.requireRecord(orgId, siteId, true);
                StructureItem item = require(site, in.id(), "site-section".equals(in.type()) ? StructureItem.SECTION : StructureItem.GROUP);
                if (in.position().isPresent()) {
                    moveNextTo(site, item, in.position().get());
                } else {
                    moveToEnd(site, item);
                }
                return item.section() ? views.section(site, item, siteSpaces(site)) : views.group(site, item, byParent(site), siteSpaces(site));
            }
            default -> throw ApiException.badRequest("item: type must be site-space, site-section or site-section-group");
        }
    }

    private StructureItem moveNextTo(SiteRecord site, StructureItem item, StructureRequests.Move in) {
        String targetKind = switch (in.type()) {
            case "site-section" -> StructureItem.SECTION;
            case "site-section-group" -> StructureItem.GROUP;
            default -> throw ApiException.badRequest("position: type must be site-section or site-section-group");
        };
        if (in.id().equals(item.id)) {
            throw ApiException.badRequest("position: an item cannot move next to itself");
        }
        StructureItem target = find(site, in.id(), targetKind)
                .orElseThrow(() -> ApiException.badRequest("position: no " + in.type() + " " + in.id() + " in this site"));
        if (!Objects.equals(target.parentId, item.parentId)) {
            throw ApiException.badRequest("position: " + in.id() + " is not a sibling of " + item.id + " (another parent)");
        }
        List<StructureItem> order = siblings(site, item.parentId, item.id);
        order.add(order.indexOf(target) + (in.before() ? 0 : 1), item);
        renumber(order);
        publish(item.section() ? SitesEventTypes.SECTION_UPDATED : SitesEventTypes.SECTION_GROUP_UPDATED, site, item);
        return item;
    }

    public StructureViews.SectionView sectionView(String orgId, String siteId, StructureItem s) {
        SiteRecord site = sites.requireRecord(orgId, siteId, false);
        return views.section(site, s, siteSpaces(site));
    }

    public StructureViews.GroupView groupView(String orgId, String siteId, StructureItem g) {
        SiteRecord site = sites.requireRecord(orgId, siteId, false);
        return views.group(site, g, byParent(site), siteSpaces(site));
    }

    // ---- used by sites and site spaces (inside their transactions) ----

    /** The id of the site's section {@code id}; empty for an unknown id, a group or another site's section. */
    public Optional<String> sectionId(SiteRecord site, String id) {
        return store.section(site, id).map(s -> s.id);
    }

    /** The id of the site's default section (else its first), if it has sections. */
    public Optional<String> defaultSectionId(SiteRecord site) {
        return store.defaultSection(site).map(s -> s.id);
    }

    /** Makes a section of the site ({@link #sectionId} found it) its default, unsetting the one that was. */
    public void makeDefaultSection(SiteRecord site, String sectionId) {
        store.makeDefault(site, store.section(site, sectionId).orElseThrow());
    }

    // ---- helpers ----

    private void manage(String orgId, String userId) {
        SitePolicy policy = access.policy(orgId, userId);
        policy.require(Action.MANAGE);
    }

    private StructureItem newItem(SiteRecord site, String kind, String parentId, String title, String icon) {
        StructureItem i = new StructureItem();
        i.id = Ids.newId();
        i.siteId = site.id();
        i.kind = kind;
        i.parentId = parentId;
        i.title = title;
        i.icon = icon;
        i.position = siblings(site, parentId, null).size() + 1;
        i.createdAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        return i;
    }

    /** Appends a section to a group (a no-op when it is already there) and closes the gap it left. */
    private void moveInto(SiteRecord site, StructureItem s, StructureItem g) {
        if (g.id.equals(s.parentId)) {
            return;
        }
        String from = s.parentId;
        s.parentId = g.id;
        s.position = siblings(site, g.id, s.id).size() + 1;
        store.flush();
        renumber(siblings(site, from, null));
    }

    /** The children of a parent (null: the root), in order, without {@code except}. */
    private List<StructureItem> siblings(SiteRecord site, String parentId, String except) {
        return store.children(site, parentId, except);
    }

    private static void renumber(List<StructureItem> order) {
        for (int i = 0; i < order.size(); i++) {
            order.get(i).position = i + 1;
        }
    }

    private String uniquePath(SiteRecord site, String base, String except) {
        String root = base.isEmpty() ? "section" : base.length() > 90 ? base.substring(0, 90) : base;
        String path = root;
        for (int n = 2; store.sectionPathTaken(site, path, except); n++) {
            path = root + "-" + n;
        }
        return path;
    }

    StructureItem require(SiteRecord site, String id, String kind) {
        return find(site, id, kind).orElseThrow(() -> ApiException.notFound("no " + (StructureItem.SECTION.equals(kind)
                ? "section " : "section group ") + id + " in this site"));
    }

    private Optional<StructureItem> find(SiteRecord site, String id, String kind) {
        return store.find(site, id, kind);
    }

    private static String parentKey(String parentId) {
        return parentId == null ? ROOT : parentId;
    }

    private void publish(String type, SiteRecord site, StructureItem i) {
        events.publish(type, site.id(), new SiteStructureItemData(i.id, site.id(), site.organizationId(), i.kind, i.parentId,
                i.title, i.path, i.condition, i.isDefault, (int) i.position));
    }
}
