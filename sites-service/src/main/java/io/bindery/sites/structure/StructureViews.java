package io.bindery.sites.structure;

import io.bindery.commons.urls.PublicUrls;
import io.bindery.sites.sites.Site;
import io.bindery.sites.sites.SiteViews;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Sections and groups as GitBook shows them (SiteSection, SiteSectionGroup, SiteStructure). */
@ApplicationScoped
public class StructureViews {
    @Inject
    SiteViews siteViews;
    @Inject
    PublicUrls urls;

    public record SectionView(String object, String id, String title, String description, boolean draft,
                              @com.fasterxml.jackson.annotation.JsonProperty("default") boolean isDefault, String path,
                              String condition, String sectionGroup, List<Object> siteSpaces, Urls urls, String icon) {
    }

    /** {@code sections}: the group's own sections (GitBook's deprecated list); {@code children}: sections and groups. */
    public record GroupView(String object, String id, String title, String sectionGroup, boolean draft, List<SectionView> sections,
                            List<Object> children, String icon) {
    }

    public record Urls(String published) {
    }

    /** GitBook's SiteStructure of a site with sections. */
    public record Structure(String type, List<Object> structure) {
    }

    public SectionView section(Site site, StructureItem s) {
        return new SectionView("site-section", s.id, s.title, s.description, false, s.isDefault, s.path, s.condition,
                s.parentId, List.of(), new Urls(site.published ? siteViews.publishedUrl(site) + s.path + "/" : null), s.icon);
    }

    /** A group with its children (sections and groups, in order), from the site's items by parent. */
    public GroupView group(Site site, StructureItem g, Map<String, List<StructureItem>> byParent) {
        List<StructureItem> kids = byParent.getOrDefault(g.id, List.of());
        return new GroupView("site-section-group", g.id, g.title, g.parentId, false,
                kids.stream().filter(StructureItem::section).map(i -> section(site, i)).toList(), items(site, kids, byParent), g.icon);
    }

    public List<Object> items(Site site, List<StructureItem> items, Map<String, List<StructureItem>> byParent) {
        List<Object> out = new ArrayList<>(items.size());
        for (StructureItem i : items) {
            out.add(i.section() ? section(site, i) : group(site, i, byParent));
        }
        return out;
    }
}
