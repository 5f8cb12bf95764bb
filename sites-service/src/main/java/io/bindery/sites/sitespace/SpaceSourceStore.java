package io.bindery.sites.sitespace;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The SQL of table space_source (the spaces site spaces embed, as content last showed them) and of table
 * space_git_link (a synced space's "Edit on Git" prefix). {@link SpaceSources} and {@link SpaceGitLinks} decide and
 * cache; the statements run in the caller's transaction.
 */
@ApplicationScoped
class SpaceSourceStore {

    @Inject
    EntityManager em;

    /** A stored space's row: its JSON, when it was last updated and its live revision (null: none yet). */
    record SourceRow(String spaceId, Instant updatedAt, String data, String revision) {
    }

    /** Stores the space unless a newer version is stored. */
    void upsert(String spaceId, String organizationId, String data, Instant updatedAt, String revision) {
        em.createNativeQuery("""
                        INSERT INTO space_source (space_id, organization_id, data, updated_at, revision, revision_at)
                        VALUES (:id, :org, :data, :at, :revision, now())
                        ON CONFLICT (space_id) DO UPDATE SET organization_id = EXCLUDED.organization_id,
                            data = EXCLUDED.data, updated_at = EXCLUDED.updated_at,
                            revision = COALESCE(EXCLUDED.revision, space_source.revision),
                            revision_at = CASE WHEN space_source.revision IS DISTINCT FROM EXCLUDED.revision
                                               AND EXCLUDED.revision IS NOT NULL THEN now() ELSE space_source.revision_at END
                        WHERE space_source.updated_at <= EXCLUDED.updated_at""")
                .setParameter("id", spaceId).setParameter("org", organizationId).setParameter("data", data)
                .setParameter("at", Timestamp.from(updatedAt)).setParameter("revision", revision)
                .executeUpdate();
    }

    void revisionMoved(String spaceId, String revision) {
        em.createNativeQuery("UPDATE space_source SET revision = :revision, revision_at = now() "
                        + "WHERE space_id = :id AND revision IS DISTINCT FROM :revision")
                .setParameter("id", spaceId).setParameter("revision", revision).executeUpdate();
    }

    Optional<String> revision(String spaceId) {
        @SuppressWarnings("unchecked")
        List<String> rows = em.createNativeQuery("SELECT revision FROM space_source WHERE space_id = :id")
                .setParameter("id", spaceId).getResultList();
        return rows.stream().filter(java.util.Objects::nonNull).findFirst();
    }

    /** (space id, revision) of each of {@code ids} that has a revision: one query. */
    List<Object[]> revisions(Collection<String> ids) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery(
                        "SELECT space_id, revision FROM space_source WHERE space_id IN (:ids) AND revision IS NOT NULL")
                .setParameter("ids", ids).getResultList();
        return rows;
    }

    void delete(String spaceId) {
        em.createNativeQuery("DELETE FROM space_source WHERE space_id = :id").setParameter("id", spaceId).executeUpdate();
    }

    /** The stored rows among {@code ids}: one query. */
    List<SourceRow> rows(Collection<String> ids) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("SELECT space_id, updated_at, data, revision FROM space_source WHERE space_id IN (:ids)")
                .setParameter("ids", ids).getResultList();
        return rows.stream().map(r -> new SourceRow((String) r[0], instant(r[1]), (String) r[2], (String) r[3])).toList();
    }

    /** Records a space's Git link prefix at {@code version} unless a newer one is recorded. */
    void upsertGitLink(String spaceId, String fileUrl, Instant version) {
        em.createNativeQuery("""
                        INSERT INTO space_git_link (space_id, file_url, updated_at) VALUES (:id, :url, :at)
                        ON CONFLICT (space_id) DO UPDATE SET file_url = EXCLUDED.file_url, updated_at = EXCLUDED.updated_at
                        WHERE space_git_link.updated_at <= EXCLUDED.updated_at""")
                .setParameter("id", spaceId).setParameter("url", fileUrl).setParameter("at", Timestamp.from(version))
                .executeUpdate();
    }

    /** (file url, updated at) of a space synced with a link prefix. */
    Optional<SpaceGitLinks.GitLink> gitLink(String spaceId) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery(
                        "SELECT file_url, updated_at FROM space_git_link WHERE space_id = :id AND file_url IS NOT NULL")
                .setParameter("id", spaceId).getResultList();
        return rows.stream().findFirst().map(r -> new SpaceGitLinks.GitLink((String) r[0], instant(r[1])));
    }

    /** A timestamptz as the JDBC driver hands it over. */
    static Instant instant(Object value) {
        return switch (value) {
            case Timestamp t -> t.toInstant();
            case java.time.OffsetDateTime o -> o.toInstant();
            case Instant i -> i;
            default -> throw new IllegalStateException("not a timestamp: " + value);
        };
    }
}
