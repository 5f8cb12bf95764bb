package io.bindery.sites.structure;

/**
 * A section or section group as the features that only read it see it (published, the reader): the row's values as
 * they were loaded, never the entity, so that only the structure feature changes it. Made from the entities
 * {@link SiteStructure#byParent} loaded in its one query: no query of its own.
 */
public record StructureItemRecord(String id, String kind, String parentId, String title, String description, String icon,
                                  String path, String condition, boolean isDefault) {

    static StructureItemRecord of(StructureItem i) {
        return new StructureItemRecord(i.id, i.kind, i.parentId, i.title, i.description, i.icon, i.path, i.condition,
                i.isDefault);
    }

    /** A section (else a group). */
    public boolean section() {
        return StructureItem.SECTION.equals(kind);
    }
}
