package io.bindery.sites.sitespaces;

import io.bindery.commons.errors.ApiException;
import io.bindery.commons.lists.ListPage;
import io.bindery.contracts.content.SpaceData;
import io.bindery.sites.access.SiteAccess;
import io.bindery.sites.access.SitePolicy.Action;
import io.bindery.sites.adaptive.AdaptiveSchemas;
import io.bindery.sites.adaptive.Conditions;
import io.bindery.sites.structure.SiteStructure;
import io.bindery.sites.site.SiteRecord;
import io.bindery.sites.site.SiteLookup;
import io.bindery.sites.sitespace.SiteSpaceRow;
import io.bindery.sites.sitespace.SiteSpaceRows;
import io.bindery.sites.sitespace.SiteSpaceView;
import io.bindery.sites.sitespace.SiteSpaceViews;
import io.bindery.sites.structure.StructureRequests;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.util.List;
import java.util.Optional;

/**
 * The spaces a site publishes. A site space belongs to a section, or to the root of a site without sections;
 * siblings are numbered 1..n by {@code position}, have distinct paths, and exactly one of them is the default while
 * there are any (the first one added; making another default unsets it; removing it promotes the next).
 * <p>
 * Adding a space, or re-pointing a site space, asks content which spaces the caller can read (a space it cannot
 * see is a 404, as an unknown one): that call runs before the write's transaction (CONTRIBUTING's transaction
 * rule). Every change locks the site row first and publishes its site-space event, whose {@code published}
 * address content shows as the space's {@code urls.published}.
 */
@ApplicationScoped
public class SiteSpaces {
    @Inject
    SiteAccess access;
    @Inject
    SiteLookup sites;
    @Inject
    SiteSpaceRows rows;
    @Inject
    SiteStructure structure;
    @Inject
    SiteSpaceViews views;
    @Inject
    AdaptiveSchemas schemas;
    @Inject
    Conditions conditions;

    // ---- endpoints ----

    /** The site's site spaces, oldest first; {@code isDefault}: only the default ones (true) or only the others. */
    @Transactional
    public ListPage<SiteSpaceView> list(String orgId, String userId, String siteId, Boolean isDefault, String page, int limit) {
        access.policy(orgId, userId).require(Action.VIEW);
        SiteRecord site = sites.requireRecord(orgId, siteId, false);
        ListPage<SiteSpaceRow> rows = this.rows.page(site, isDefault, page, limit);
        return rows.map(views.presenter(site, rows.items()));
    }

    public SiteSpaceView add(String orgId, String userId, String siteId, SiteSpaceRequests.Add in) {
        access.policy(orgId, userId).require(Action.MANAGE);
        SpaceData space = rows.requireReadable(orgId, userId, List.of(in.spaceId())).get(0);
        return QuarkusTransaction.requiringNew().call(() -> {
            SiteRecord site = sites.requireRecord(orgId, siteId, true);
            String sectionId = in.sectionId()
                    .map(id -> structure.sectionId(site, id).orElseThrow(() -> ApiException.badRequest("sectionId: no section " + id + " in this site")))
                    .orElseGet(() -> structure.defaultSectionId(site).orElse(null));
            SiteSpaceRow r = rows.insert(site, sectionId, space, in.title().orElse(null), in.draft());
            return views.view(site, r);
        });
    }

    public SiteSpaceView update(String orgId, String userId, String siteId, String siteSpaceId, SiteSpaceRequests.Update in) {
        access.policy(orgId, userId).require(Action.MANAGE);
        Optional<SpaceData> space = in.spaceId().map(id -> rows.requireReadable(orgId, userId, List.of(id)).get(0));
        return QuarkusTransaction.requiringNew().call(() -> {
            SiteRecord site = sites.requireRecord(orgId, siteId, true);
            SiteSpaceRow r = rows.require(site, siteSpaceId);
            Optional<Optional<String>> condition = in.condition().map(c -> c.filter(text -> !text.isBlank()));
            condition.flatMap(c -> c).ifPresent(text -> conditions.check("condition", text, schemas.schemaOf(site)));
            rows.update(site, r, new SiteSpaceRows.Change(in.path(), condition, in.hidden(), in.draft(), space, in.pageId()));
            return views.view(site, r);
        });
    }

    /** Removes a site space; 204 when unknown. The next sibling becomes the default if it was. */
    @Transactional
    public void delete(String orgId, String userId, String siteId, String siteSpaceId) {
        access.policy(orgId, userId).require(Action.MANAGE);
        SiteRecord site = sites.requireRecord(orgId, siteId, true);
        rows.find(site, siteSpaceId).ifPresent(r -> rows.remove(site, r));
    }

    /**
     * Moves a site space next to a sibling (a site space of the same section, or of the root). 404 for an unknown
     * site space; 400 for a position that is not a sibling, the site space itself, or an unknown id.
     */
    @Transactional
    public SiteSpaceView move(String orgId, String userId, String siteId, String siteSpaceId, Optional<StructureRequests.Move> in) {
        access.policy(orgId, userId).require(Action.MANAGE);
        SiteRecord site = sites.requireRecord(orgId, siteId, true);
        SiteSpaceRow r = rows.require(site, siteSpaceId);
        rows.move(site, r, in.map(to -> new SiteSpaceRows.Position(to.before(), to.type(), to.id())));
        return views.view(site, r);
    }

    // ---- helpers ----
}
