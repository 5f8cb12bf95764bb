package io.bindery.sites.section;

import io.bindery.sites.site.Site;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A site's sections as the features below the structure endpoints see them (site spaces, site settings): which
 * section an id names, the default one, their paths. The structure feature changes them ({@code SiteStructure}).
 */
@ApplicationScoped
public class Sections {
    @Inject
    EntityManager em;

    /** The section {@code id} of the site; empty for an unknown id, a group or another site's section. */
    public Optional<StructureItem> section(Site site, String id) {
        return Optional.ofNullable(em.find(StructureItem.class, id))
                .filter(i -> i.siteId.equals(site.id) && i.section());
    }

    /** The site's default section (else its first), if it has sections. */
    public Optional<StructureItem> defaultSection(Site site) {
        return StructureItem.<StructureItem>find("siteId = ?1 and kind = ?2 order by isDefault desc, createdAt, id",
                site.id, StructureItem.SECTION).firstResultOptional();
    }

    /** Makes the section the site's default, unsetting the one that was. */
    public void makeDefault(Site site, StructureItem section) {
        if (section.isDefault) {
            return;
        }
        StructureItem.<StructureItem>list("siteId = ?1 and kind = ?2 and isDefault = true", site.id, StructureItem.SECTION)
                .forEach(other -> other.isDefault = false);
        section.isDefault = true;
    }

    /** The paths of the site's sections, by section id. */
    public Map<String, String> paths(Site site) {
        Map<String, String> paths = new HashMap<>();
        em.createQuery("select i.id, i.path from StructureItem i where i.siteId = :site and i.kind = :kind", Object[].class)
                .setParameter("site", site.id).setParameter("kind", StructureItem.SECTION).getResultList()
                .forEach(row -> paths.put((String) row[0], (String) row[1]));
        return paths;
    }
}
