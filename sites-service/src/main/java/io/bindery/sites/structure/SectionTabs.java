package io.bindery.sites.structure;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A site's sections as a reader shows them, from the sections and groups a visitor sees by parent ({@code ""} for the
 * root): in structure order with groups opened ({@link #sections}), and as a tab bar ({@link #tabs}).
 */
public final class SectionTabs {
    /** The root's key in a by-parent map. */
    public static final String ROOT = "";

    /**
     * A tab of the sections bar: a section ({@code url}, no items) or a section group, whose {@code items} are its
     * sections (a menu); {@code current} when it is, or holds, the section shown.
     */
    public record Tab(String title, String url, boolean current, List<Item> items) {
    }

    /** A section in a group's menu. */
    public record Item(String title, String url, boolean current) {
    }

    private SectionTabs() {
    }

    /** Sections under {@code parent} in structure order, groups opened. */
    public static List<StructureItemRecord> sections(Map<String, List<StructureItemRecord>> byParent, String parent) {
        List<StructureItemRecord> out = new ArrayList<>();
        for (StructureItemRecord i : byParent.getOrDefault(parent, List.of())) {
            if (i.section()) {
                out.add(i);
            } else {
                out.addAll(sections(byParent, i.id()));
            }
        }
        return out;
    }

    /**
     * The tab bar: the site's top level in structure order, a section as a tab, a section group as a tab whose menu
     * lists its sections (a group inside it opened in place); the current section (by id, null for none) and its group
     * marked. A section's address is {@code base}, then its path unless it is the default one.
     */
    public static List<Tab> tabs(Map<String, List<StructureItemRecord>> byParent, String currentId, String base) {
        List<Tab> out = new ArrayList<>();
        for (StructureItemRecord i : byParent.getOrDefault(ROOT, List.of())) {
            if (i.section()) {
                out.add(new Tab(i.title(), url(i, base), i.id().equals(currentId), List.of()));
            } else {
                List<Item> items = sections(byParent, i.id()).stream()
                        .map(s -> new Item(s.title(), url(s, base), s.id().equals(currentId)))
                        .toList();
                if (!items.isEmpty()) {
                    out.add(new Tab(i.title(), null, items.stream().anyMatch(Item::current), items));
                }
            }
        }
        return out;
    }

    private static String url(StructureItemRecord section, String base) {
        return base + (section.isDefault() ? "" : section.path() + "/");
    }
}
