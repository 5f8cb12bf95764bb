package io.bindery.sites.structure;

import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.Where;
import io.bindery.sites.site.SiteRecord;
import io.bindery.sites.sitespace.SectionPaths;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The only class with SQL and Panache calls for {@code site_structure_item}: a site's sections and section groups, for the structure
 * feature's use cases ({@link SiteStructure}, which changes them and answers the features that read them: site
 * settings, published, the reader) and for site spaces through {@link SectionPaths}: which section an id names, the
 * default one, their paths, a parent's children.
 */
@ApplicationScoped
public class StructureStore implements SectionPaths {
    @Inject
    EntityManager em;

    /** A new section or group, written at the next flush. */
    public void insert(StructureItem item) {
        item.persist();
    }

    public void delete(StructureItem item) {
        item.delete();
    }

    /** Writes the pending changes of the transaction now. */
    public void flush() {
        em.flush();
    }

    /** The section {@code id} of the site; empty for an unknown id, a group or another site's section. */
    public Optional<StructureItem> section(SiteRecord site, String id) {
        return Optional.ofNullable(em.find(StructureItem.class, id))
                .filter(i -> i.siteId.equals(site.id()) && i.section());
    }

    // Native SQL, not HQL: the first HQL statement loads Hibernate's HQL parser (~750 classes, ~5 MB of metaspace, kept
    // for the life of the JVM).

    /** The site's default section (else its first), if it has sections. */
    public Optional<StructureItem> defaultSection(SiteRecord site) {
        return items("SELECT * FROM site_structure_item WHERE site_id = :site AND kind = :kind"
                + " ORDER BY is_default DESC, created_at, id LIMIT 1", site, StructureItem.SECTION).stream().findFirst();
    }

    /** The site's items of {@code kind} (null: any) that {@code sql} selects, binding :site and :kind. */
    @SuppressWarnings("unchecked")
    private List<StructureItem> items(String sql, SiteRecord site, String kind) {
        var query = em.createNativeQuery(sql, StructureItem.class).setParameter("site", site.id());
        if (kind != null) {
            query.setParameter("kind", kind);
        }
        return query.getResultList();
    }

    /** Makes the section the site's default, unsetting the one that was. */
    public void makeDefault(SiteRecord site, StructureItem section) {
        if (section.isDefault) {
            return;
        }
        items("SELECT * FROM site_structure_item WHERE site_id = :site AND kind = :kind AND is_default", site,
                StructureItem.SECTION).forEach(other -> other.isDefault = false);
        section.isDefault = true;
    }

    /** The item {@code id} of the site if it is of {@code kind} (a section or a group). */
    public Optional<StructureItem> find(SiteRecord site, String id, String kind) {
        return Optional.ofNullable(em.find(StructureItem.class, id))
                .filter(i -> i.siteId.equals(site.id()) && i.kind.equals(kind));
    }

    /** One page of the site's items of {@code kind}. */
    public ListPage<StructureItem> page(Keyset<StructureItem> order, String page, int limit, SiteRecord site, String kind) {
        return order.page(page, limit).sql(em, StructureItem.class, "SELECT *", "FROM site_structure_item",
                Where.of("site_id = :site", "site", site.id()).and("kind = :kind", "kind", kind));
    }

    /** All the site's items, each parent's in order. */
    public List<StructureItem> all(SiteRecord site) {
        return items("SELECT * FROM site_structure_item WHERE site_id = :site ORDER BY position, id", site, null);
    }

    /** Whether the site has sections (a site has sections or site spaces at its root). */
    public boolean hasSections(SiteRecord site) {
        return ((Number) em.createNativeQuery("SELECT count(*) FROM site_structure_item WHERE site_id = :site AND kind = :kind")
                .setParameter("site", site.id()).setParameter("kind", StructureItem.SECTION).getSingleResult()).longValue() > 0;
    }

    /** Whether another section of the site than {@code except} (null: none) is at {@code path}. */
    public boolean sectionPathTaken(SiteRecord site, String path, String except) {
        return ((Number) em.createNativeQuery("SELECT count(*) FROM site_structure_item"
                        + " WHERE site_id = :site AND kind = :kind AND path = :path AND id <> :except")
                .setParameter("site", site.id()).setParameter("kind", StructureItem.SECTION).setParameter("path", path)
                .setParameter("except", except == null ? "" : except).getSingleResult()).longValue() > 0;
    }

    /** The site's oldest section, if any. */
    public Optional<StructureItem> oldestSection(SiteRecord site) {
        return items("SELECT * FROM site_structure_item WHERE site_id = :site AND kind = :kind ORDER BY created_at, id LIMIT 1",
                site, StructureItem.SECTION).stream().findFirst();
    }

    /** The children of a parent (null: the root), in order, without {@code except}. */
    public List<StructureItem> children(SiteRecord site, String parentId, String except) {
        List<StructureItem> items = parentId == null
                ? items("SELECT * FROM site_structure_item WHERE site_id = :site AND parent_id IS NULL ORDER BY position, id",
                        site, null)
                : children(site, parentId);
        List<StructureItem> out = new ArrayList<>(items);
        out.removeIf(i -> i.id.equals(except));
        return out;
    }

    @SuppressWarnings("unchecked")
    private List<StructureItem> children(SiteRecord site, String parentId) {
        return em.createNativeQuery("SELECT * FROM site_structure_item WHERE site_id = :site AND parent_id = :parent"
                        + " ORDER BY position, id", StructureItem.class)
                .setParameter("site", site.id()).setParameter("parent", parentId).getResultList();
    }

    /** The paths of the site's sections, by section id. */
    @Override
    @SuppressWarnings("unchecked")
    public Map<String, String> paths(SiteRecord site) {
        Map<String, String> paths = new HashMap<>();
        ((List<Object[]>) em.createNativeQuery("SELECT id, path FROM site_structure_item WHERE site_id = :site AND kind = :kind")
                .setParameter("site", site.id()).setParameter("kind", StructureItem.SECTION).getResultList())
                .forEach(row -> paths.put((String) row[0], (String) row[1]));
        return paths;
    }
}
