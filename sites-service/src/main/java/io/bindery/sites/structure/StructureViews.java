package io.bindery.sites.structure;

import io.bindery.commons.urls.PublicUrls;
import io.bindery.sites.site.SiteRecord;
import io.bindery.sites.site.SiteViews;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Sections and groups as GitBook shows them (SiteSection, SiteSectionGroup, SiteStructure). A section lists its
 * site spaces, given by section id ({@code siteSpaces}: what the caller is shown, in order: views, or their JSON
 * as {@code published} keeps it).
 */
@ApplicationScoped
public class StructureViews {
    @Inject
    SiteViews siteViews;
    @Inject
    PublicUrls urls;

    public record SectionView(String object, String id, String title, String description, boolean draft,
                              @com.fasterxml.jackson.annotation.JsonProperty("default") boolean isDefault, String path,
                              String condition, String sectionGroup, List<?> siteSpaces, Urls urls, String icon) {
    }

    /** {@code sections}: the group's own sections (GitBook's deprecated list); {@code children}: sections and groups. */
    public record GroupView(String object, String id, String title, String sectionGroup, boolean draft, List<SectionView> sections,
                            List<Object> children, String icon) {
    }

    public record Urls(String published) {
    }

    /**
     * GitBook's SiteStructure: {@code sections} (sections and groups) for a site with sections, else
     * {@code siteSpaces} (the site spaces at its root).
     */
    public record Structure(String type, List<?> structure) {
        public static Structure of(List<Object> sections, Map<String, ? extends List<?>> siteSpaces, boolean hasSections) {
            return hasSections ? new Structure("sections", sections)
                    : new Structure("siteSpaces", listOf(siteSpaces, io.bindery.sites.sitespace.SiteSpaceRows.ROOT));
        }
    }

    public SectionView section(SiteRecord site, StructureItem s, Map<String, ? extends List<?>> siteSpaces) {
        return section(site, StructureItemRecord.of(s), siteSpaces);
    }

    public SectionView section(SiteRecord site, StructureItemRecord s, Map<String, ? extends List<?>> siteSpaces) {
        return new SectionView("site-section", s.id(), s.title(), s.description(), false, s.isDefault(), s.path(), s.condition(),
                s.parentId(), listOf(siteSpaces, s.id()), new Urls(site.published() ? siteViews.publishedUrl(site) + s.path() + "/" : null), s.icon());
    }

    public GroupView group(SiteRecord site, StructureItem g, Map<String, List<StructureItemRecord>> byParent,
                           Map<String, ? extends List<?>> siteSpaces) {
        return group(site, StructureItemRecord.of(g), byParent, siteSpaces);
    }

    /** A group with its children (sections and groups, in order), from the site's items by parent. */
    public GroupView group(SiteRecord site, StructureItemRecord g, Map<String, List<StructureItemRecord>> byParent,
                           Map<String, ? extends List<?>> siteSpaces) {
        List<StructureItemRecord> kids = byParent.getOrDefault(g.id(), List.of());
        return new GroupView("site-section-group", g.id(), g.title(), g.parentId(), false,
                kids.stream().filter(StructureItemRecord::section).map(i -> section(site, i, siteSpaces)).toList(),
                items(site, kids, byParent, siteSpaces), g.icon());
    }

    public List<Object> items(SiteRecord site, List<StructureItemRecord> items, Map<String, List<StructureItemRecord>> byParent,
                              Map<String, ? extends List<?>> siteSpaces) {
        List<Object> out = new ArrayList<>(items.size());
        for (StructureItemRecord i : items) {
            out.add(i.section() ? section(site, i, siteSpaces) : group(site, i, byParent, siteSpaces));
        }
        return out;
    }

    /** The site spaces of one section (or of the root), none when absent. */
    static List<?> listOf(Map<String, ? extends List<?>> siteSpaces, String key) {
        List<?> list = siteSpaces.get(key);
        return list == null ? List.of() : list;
    }
}
