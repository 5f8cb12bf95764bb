package io.bindery.sites.sitespace;

import io.bindery.contracts.content.SpaceData;
import io.bindery.contracts.sites.SiteSpaceData;
import io.bindery.sites.site.SiteRecord;
import io.bindery.sites.site.SiteViews;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Collection;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Site spaces as the API shows them ({@link SiteSpaceView}) and as their events carry them ({@link SiteSpaceData}).
 * The embedded Space comes from {@link SpaceSources} with a visitor's permissions (view only); the management
 * endpoints replace it with the caller's view from content ({@link CallerSpaces}).
 */
@ApplicationScoped
public class SiteSpaceViews {
    @Inject
    SiteViews siteViews;
    @Inject
    SpaceSources sources;
    @Inject
    SectionPaths sections;

    /** A presenter for site spaces of one site: their spaces and the site's section paths are read once. */
    public Function<SiteSpaceRow, SiteSpaceView> presenter(SiteRecord site, Collection<SiteSpaceRow> rows) {
        Map<String, SpaceData> spaces = sources.find(rows.stream().map(r -> r.spaceId).collect(Collectors.toSet()));
        Map<String, String> sectionPaths = sectionPaths(site);
        return r -> view(site, sectionPaths.get(r.sectionId), r, spaces.get(r.spaceId));
    }

    public SiteSpaceView view(SiteRecord site, SiteSpaceRow r) {
        return presenter(site, java.util.List.of(r)).apply(r);
    }

    private SiteSpaceView view(SiteRecord site, String sectionPath, SiteSpaceRow r, SpaceData space) {
        SpaceData shown = space == null ? null : space.withPermissions(SpaceData.Permissions.VISITOR);
        String title = r.title != null ? r.title : space != null ? space.title() : r.path;
        return new SiteSpaceView("site-space", r.id, r.path, r.sectionId, shown, title, r.isDefault, r.condition, r.pageId,
                r.draft, false, new SiteSpaceView.Urls(publishedUrl(site, sectionPath, r)), r.hidden);
    }

    /**
     * Where visitors read the site space while the site is published (null otherwise): the default one at its
     * section's address (the site's, without sections), the others under their path.
     */
    public String publishedUrl(SiteRecord site, String sectionPath, SiteSpaceRow r) {
        if (!site.published()) {
            return null;
        }
        String base = siteViews.publishedUrl(site) + (sectionPath == null ? "" : sectionPath + "/");
        return r.isDefault ? base : base + r.path + "/";
    }

    public SiteSpaceData data(SiteRecord site, SiteSpaceRow r) {
        String sectionPath = r.sectionId == null ? null : sectionPaths(site).get(r.sectionId);
        return new SiteSpaceData(r.id, site.id(), site.organizationId(), r.sectionId, r.spaceId, r.path, r.isDefault,
                r.condition, publishedUrl(site, sectionPath, r), r.updatedAt);
    }

    private Map<String, String> sectionPaths(SiteRecord site) {
        return sections.paths(site);
    }
}
