package io.bindery.sites.published;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.sites.access.SiteAccess;
import io.bindery.sites.customization.SiteCustomizations;
import io.bindery.sites.adaptive.AdaptiveSchemas;
import io.bindery.sites.adaptive.Conditions;
import io.bindery.sites.sharelinks.ShareLinks;
import io.bindery.sites.sites.Site;
import io.bindery.sites.sites.SiteView;
import io.bindery.sites.sites.SiteViews;
import io.bindery.sites.sites.SiteVisibility;
import io.bindery.sites.sites.Sites;
import io.bindery.sites.sitespaces.PublishedSiteSpaces;
import io.bindery.sites.structure.SiteStructure;
import io.bindery.sites.structure.StructureItem;
import io.bindery.sites.structure.StructureViews;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * GET …/published: the site as a visitor sees it. Who sees it: any authenticated caller, member or not, of a
 * published site; a share-link site only with an active link's key, a visitor-auth site only with a visitor token
 * of the site's key; otherwise 404. The visitor's claims (signed from the token, unsigned from
 * {@code visitor.<claim>} query parameters) filter the sections and site spaces by their conditions; a group none
 * of whose children is visible is left out. Spaces show as content last published them (space_source), with a
 * visitor's permissions.
 */
@ApplicationScoped
public class PublishedSites {
    private static final String ROOT = "";

    @Inject
    Sites sites;
    @Inject
    SiteAccess access;
    @Inject
    SiteViews siteViews;
    @Inject
    SiteStructure structure;
    @Inject
    StructureViews structureViews;
    @Inject
    ShareLinks shareLinks;
    @Inject
    VisitorAuth visitorAuth;
    @Inject
    AdaptiveSchemas schemas;
    @Inject
    Conditions conditions;
    @Inject
    SiteCustomizations customizations;
    @Inject
    PublishedSiteSpaces publishedSiteSpaces;

    public record Published(String object, SiteView site, StructureViews.Structure structure, Customizations customizations,
                            List<Object> scripts) {
    }

    /** The site's customization and the per-site-space overrides (none yet). */
    public record Customizations(JsonNode site, Map<String, Object> siteSpaces) {
    }

    @Transactional
    public Published published(String orgId, String userId, String siteId, String shareKey, String jwtToken,
                               Map<String, String> unsignedClaims) {
        Site site = sites.find(orgId, siteId, false).filter(s -> s.published).orElseThrow(() -> VisitorAuth.notVisible(siteId));
        Map<String, Object> claims = new HashMap<>();
        if (site.visibility == SiteVisibility.SHARE_LINK && !shareLinks.admits(site.id, shareKey)) {
            throw VisitorAuth.notVisible(siteId);
        }
        if (site.visibility == SiteVisibility.VISITOR_AUTH) {
            claims.putAll(visitorAuth.verify(site, jwtToken).orElseThrow(() -> VisitorAuth.notVisible(siteId)));
        }
        JsonNode schema = schemas.schemaOf(site);
        claims.put("unsigned", Claims.unsigned(unsignedClaims, schema.path("properties").path("unsigned")));

        Map<String, List<StructureItem>> byParent = structure.byParent(site);
        // each distinct condition is evaluated once per request (a site often repeats one on many items)
        Map<String, Boolean> evaluated = new HashMap<>();
        Predicate<String> holds = condition -> evaluated.computeIfAbsent(condition, c -> conditions.test(c, claims));
        Map<String, List<StructureItem>> visible = new HashMap<>();
        visibleChildren(ROOT, byParent, visible, holds);
        // live site spaces whose condition holds for this visitor (a draft one is not live)
        Map<String, List<Object>> spaces = publishedSiteSpaces.bySection(site, holds);
        StructureViews.Structure shown = StructureViews.Structure.of(
                structureViews.items(site, visible.getOrDefault(ROOT, List.of()), visible, spaces), spaces, !byParent.isEmpty());
        SiteView view = siteViews.site(site, sites.siteSpaceCount(site.id), access.policyOrVisitor(orgId, userId));
        return new Published("published-content-site", view, shown, new Customizations(customizations.of(site), Map.of()), List.of());
    }

    /** Fills {@code out} with the visible children of {@code parent}; true when there is at least one. */
    private boolean visibleChildren(String parent, Map<String, List<StructureItem>> byParent,
                                    Map<String, List<StructureItem>> out, Predicate<String> holds) {
        List<StructureItem> shown = new ArrayList<>();
        for (StructureItem item : byParent.getOrDefault(parent, List.of())) {
            boolean visible = item.section()
                    ? item.condition == null || holds.test(item.condition)
                    : visibleChildren(item.id, byParent, out, holds);
            if (visible) {
                shown.add(item);
            }
        }
        out.put(parent, shown);
        return !shown.isEmpty();
    }
}
