package io.bindery.sites.published;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.sites.access.SiteAccess;
import io.bindery.sites.customization.SiteCustomizations;
import io.bindery.sites.adaptive.AdaptiveSchemas;
import io.bindery.sites.adaptive.Conditions;
import io.bindery.sites.sharelinks.ShareLinks;
import io.bindery.sites.site.SiteRecord;
import io.bindery.sites.sitespace.SiteSpaceRows;
import io.bindery.sites.site.SiteView;
import io.bindery.sites.site.SiteViews;
import io.bindery.sites.site.SiteVisibility;
import io.bindery.sites.site.SiteLookup;
import io.bindery.sites.sitespace.PublishedSiteSpaces;
import io.bindery.sites.structure.SiteStructure;
import io.bindery.sites.structure.StructureItemRecord;
import io.bindery.sites.structure.StructureViews;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
    public static final String ROOT = "";

    @Inject
    SiteLookup sites;
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
    @Inject
    SiteSpaceRows siteSpaceRows;

    public record Published(String object, SiteView site, StructureViews.Structure structure, Customizations customizations,
                            List<Object> scripts) {
    }

    /** The site's customization and the per-site-space overrides (none yet). */
    public record Customizations(JsonNode site, Map<String, Object> siteSpaces) {
    }

    @Transactional
    public Published published(String orgId, String userId, String siteId, String shareKey, String jwtToken,
                               Map<String, String> unsignedClaims) {
        SiteRecord site = sites.findRecord(orgId, siteId, false).filter(SiteRecord::published).orElseThrow(() -> VisitorAuth.notVisible(siteId));
        Predicate<String> holds = visitor(site, shareKey, jwtToken, unsignedClaims).orElseThrow(() -> VisitorAuth.notVisible(siteId));
        Map<String, List<StructureItemRecord>> byParent = structure.byParent(site);
        Map<String, List<StructureItemRecord>> visible = new HashMap<>();
        visibleChildren(ROOT, byParent, visible, holds);
        // live site spaces whose condition holds for this visitor (a draft one is not live)
        Map<String, List<Object>> spaces = publishedSiteSpaces.bySection(site, holds);
        StructureViews.Structure shown = StructureViews.Structure.of(
                structureViews.items(site, visible.getOrDefault(ROOT, List.of()), visible, spaces), spaces, !byParent.isEmpty());
        SiteView view = siteViews.site(site, siteSpaceRows.count(site.id()), access.policyOrVisitor(orgId, userId));
        return new Published("published-content-site", view, shown, new Customizations(customizations.of(site), Map.of()), List.of());
    }

    /**
     * Whether a visitor may see the published site, and if so which conditions hold for it: a share-link site needs
     * an active link's key, a visitor-auth site a valid token of the site's key (its claims are the signed ones);
     * unsigned claims come from {@code visitor.<claim>} parameters. Each distinct condition is evaluated once (a site
     * often repeats one on many items). Empty: the site is not visible to this visitor (a 404).
     */
    public Optional<Predicate<String>> visitor(SiteRecord site, String shareKey, String jwtToken, Map<String, String> unsignedClaims) {
        Map<String, Object> claims = new HashMap<>();
        if (site.visibility() == SiteVisibility.SHARE_LINK && !shareLinks.admits(site.id(), shareKey)) {
            return Optional.empty();
        }
        if (site.visibility() == SiteVisibility.VISITOR_AUTH) {
            Optional<Map<String, Object>> signed = visitorAuth.verify(site, jwtToken);
            if (signed.isEmpty()) {
                return Optional.empty();
            }
            claims.putAll(signed.get());
        }
        JsonNode schema = schemas.schemaOf(site);
        claims.put("unsigned", Claims.unsigned(unsignedClaims, schema.path("properties").path("unsigned")));
        Map<String, Boolean> evaluated = new HashMap<>();
        return Optional.of(condition -> evaluated.computeIfAbsent(condition, c -> conditions.test(c, claims)));
    }

    /**
     * The sections and groups a visitor sees, by parent ({@link #ROOT} for the root), each list in order; and whether
     * the site has sections at all, seen or not (else its site spaces are at its root). One query.
     */
    public record VisibleStructure(Map<String, List<StructureItemRecord>> byParent, boolean hasSections) {
    }

    public VisibleStructure visibleStructure(SiteRecord site, Predicate<String> holds) {
        Map<String, List<StructureItemRecord>> all = structure.byParent(site);
        Map<String, List<StructureItemRecord>> visible = new HashMap<>();
        visibleChildren(ROOT, all, visible, holds);
        return new VisibleStructure(visible, all.values().stream().flatMap(List::stream).anyMatch(StructureItemRecord::section));
    }

    /** Fills {@code out} with the visible children of {@code parent}; true when there is at least one. */
    private boolean visibleChildren(String parent, Map<String, List<StructureItemRecord>> byParent,
                                    Map<String, List<StructureItemRecord>> out, Predicate<String> holds) {
        List<StructureItemRecord> shown = new ArrayList<>();
        for (StructureItemRecord item : byParent.getOrDefault(parent, List.of())) {
            boolean visible = item.section()
                    ? item.condition() == null || holds.test(item.condition())
                    : visibleChildren(item.id(), byParent, out, holds);
            if (visible) {
                shown.add(item);
            }
        }
        out.put(parent, shown);
        return !shown.isEmpty();
    }
}
