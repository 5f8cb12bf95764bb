package io.bindery.insights.embeddings;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The only class with SQL for {@code embedded_space} and {@code section_embedding} (V3). Runs in its caller's
 * transaction.
 */
@ApplicationScoped
public class SectionEmbeddingStore {
    public static final String PENDING = "pending";
    public static final String WORKING = "working";
    public static final String DONE = "done";
    public static final String FAILED = "failed";
    public static final String DELETED = "deleted";
    public static final String PURGED = "purged";

    @Inject
    EntityManager em;

    /** A stored section with its vector, as the index holds it. */
    public record StoredSection(String organization, String space, String page, String key, int position,
                                String pageTitle, String pagePath, String title, String hash, float[] vector) {
    }

    /** A space a worker has taken: embed {@code revision} of it. */
    public record Claim(String space, String organization, String revision) {
    }

    /** A space's state as an operator (or a test) sees it. */
    public record SpaceState(String space, String organization, String revision, String indexedRevision, String state,
                             int attempts, int sections, int lastEmbedded, String lastError) {
    }

    private void ensure(String space) {
        em.createNativeQuery("INSERT INTO embedded_space (space_id, state, updated_at) VALUES (:s, :st, now()) "
                + "ON CONFLICT (space_id) DO NOTHING").setParameter("s", space).setParameter("st", DONE).executeUpdate();
    }

    /**
     * A space event named the space's organization (a transfer moves its sections along); a deleted space loses its
     * sections, a restored one is embedded again from the last revision content announced.
     */
    public void spaceSeen(String space, String organization, boolean deleted) {
        ensure(space);
        Object[] row = (Object[]) em.createNativeQuery("SELECT organization_id, state, revision FROM embedded_space "
                + "WHERE space_id = :s FOR UPDATE").setParameter("s", space).getSingleResult();
        String oldOrganization = (String) row[0];
        String state = (String) row[1];
        String revision = (String) row[2];
        if (PURGED.equals(state)) {
            return;
        }
        if (deleted) {
            if (!DELETED.equals(state) || (organization != null && !organization.equals(oldOrganization))) {
                deleteSections(space);
                em.createNativeQuery("UPDATE embedded_space SET state = :st, organization_id = coalesce(:o, organization_id), "
                                + "indexed_revision = NULL, sections = 0, claimed_at = NULL, updated_at = now() WHERE space_id = :s")
                        .setParameter("st", DELETED).setParameter("o", organization).setParameter("s", space).executeUpdate();
            }
            return;
        }
        boolean moved = organization != null && !organization.equals(oldOrganization);
        String next = DELETED.equals(state) ? (revision == null ? DONE : PENDING) : state;
        if (!moved && next.equals(state)) {
            return;
        }
        if (moved) {
            em.createNativeQuery("UPDATE section_embedding SET organization_id = :o, updated_at = now() WHERE space_id = :s")
                    .setParameter("o", organization).setParameter("s", space).executeUpdate();
        }
        // a space whose organization was unknown, or that was restored, gets its work (again)
        if (moved && oldOrganization == null && revision != null && !DELETED.equals(state)) {
            next = PENDING;
        }
        em.createNativeQuery("UPDATE embedded_space SET organization_id = coalesce(:o, organization_id), state = :st, "
                        + "attempts = CASE WHEN :st = 'pending' THEN 0 ELSE attempts END, next_attempt_at = NULL, "
                        + "updated_at = now() WHERE space_id = :s")
                .setParameter("o", organization).setParameter("st", next).setParameter("s", space).executeUpdate();
    }

    /** The space's live revision moved: its sections are to be embedded from {@code revision}. */
    public void revisionMoved(String space, String revision) {
        ensure(space);
        em.createNativeQuery("UPDATE embedded_space SET revision = :r, state = CASE WHEN state IN ('deleted', 'purged') "
                        + "THEN state WHEN indexed_revision = :r AND state <> 'working' THEN state ELSE 'pending' END, "
                        + "attempts = 0, next_attempt_at = NULL, last_error = NULL, updated_at = now() "
                        + "WHERE space_id = :s AND revision IS DISTINCT FROM :r")
                .setParameter("r", revision).setParameter("s", space).executeUpdate();
    }

    /** The space is gone for good: its sections too. */
    public void purged(String space) {
        ensure(space);
        deleteSections(space);
        em.createNativeQuery("UPDATE embedded_space SET state = :st, indexed_revision = NULL, sections = 0, "
                + "claimed_at = NULL, updated_at = now() WHERE space_id = :s AND state <> :st")
                .setParameter("st", PURGED).setParameter("s", space).executeUpdate();
    }

    private void deleteSections(String space) {
        em.createNativeQuery("DELETE FROM section_embedding WHERE space_id = :s").setParameter("s", space).executeUpdate();
    }

    /**
     * Takes the oldest space with work to do (of a known organization, not in backoff), or one whose worker has held
     * it longer than {@code timeout}; null when there is none. Replicas never take the same space.
     */
    @SuppressWarnings("unchecked")
    public Claim claim(Duration timeout) {
        List<Object[]> rows = em.createNativeQuery("SELECT space_id, organization_id, revision FROM embedded_space "
                        + "WHERE organization_id IS NOT NULL AND revision IS NOT NULL AND ((state = 'pending' "
                        + "AND (next_attempt_at IS NULL OR next_attempt_at <= now())) OR (state = 'working' "
                        + "AND claimed_at < now() - make_interval(secs => :t))) ORDER BY updated_at, space_id "
                        + "LIMIT 1 FOR UPDATE SKIP LOCKED")
                .setParameter("t", (double) timeout.toSeconds()).getResultList();
        if (rows.isEmpty()) {
            return null;
        }
        Object[] r = rows.getFirst();
        String space = (String) r[0];
        em.createNativeQuery("UPDATE embedded_space SET state = 'working', claimed_at = now() WHERE space_id = :s")
                .setParameter("s", space).executeUpdate();
        return new Claim(space, (String) r[1], (String) r[2]);
    }

    /** The text hashes the space has a vector for. */
    @SuppressWarnings("unchecked")
    public Set<String> hashes(String space) {
        return new HashSet<>((List<String>) em.createNativeQuery("SELECT DISTINCT text_hash FROM section_embedding "
                + "WHERE space_id = :s").setParameter("s", space).getResultList());
    }

    /**
     * Stores what a worker made of {@code claim}: the sections of its revision (vanished ones deleted, unchanged ones
     * left as they are). A section without a vector has a text the space has a vector for already: it is copied
     * from a row of the same text hash here, in PostgreSQL (so the worker never holds the space's vectors). False
     * when the space was deleted or purged meanwhile (nothing is written). The space is done unless content
     * announced a newer revision meanwhile.
     */
    public boolean apply(Claim claim, List<StoredSection> sections, int embedded) {
        List<?> locked = em.createNativeQuery("SELECT state FROM embedded_space WHERE space_id = :s FOR UPDATE")
                .setParameter("s", claim.space()).getResultList();
        if (locked.isEmpty() || DELETED.equals(locked.getFirst()) || PURGED.equals(locked.getFirst())) {
            return false;
        }
        String upsert = " ON CONFLICT (space_id, page_id, section_key) DO UPDATE SET "
                + "organization_id = excluded.organization_id, position = excluded.position, page_title = "
                + "excluded.page_title, page_path = excluded.page_path, title = excluded.title, text_hash = "
                + "excluded.text_hash, vector = excluded.vector, updated_at = now() WHERE (section_embedding.text_hash, "
                + "section_embedding.position, section_embedding.page_title, section_embedding.page_path, "
                + "section_embedding.title, section_embedding.organization_id) IS DISTINCT FROM (excluded.text_hash, "
                + "excluded.position, excluded.page_title, excluded.page_path, excluded.title, excluded.organization_id)";
        // written before the vanished rows go: a known text's vector is copied from whichever row holds it
        for (StoredSection s : sections) {
            var q = s.vector() != null
                    ? em.createNativeQuery("INSERT INTO section_embedding (space_id, page_id, section_key, organization_id, "
                    + "position, page_title, page_path, title, text_hash, vector, updated_at) VALUES (:s, :p, :k, :o, :pos, "
                    + ":pt, :pp, :t, :h, :v, now())" + upsert).setParameter("v", Embedder.bytes(s.vector()))
                    : em.createNativeQuery("INSERT INTO section_embedding (space_id, page_id, section_key, organization_id, "
                    + "position, page_title, page_path, title, text_hash, vector, updated_at) SELECT :s, :p, :k, :o, :pos, "
                    + ":pt, :pp, :t, :h, e.vector, now() FROM section_embedding e WHERE e.space_id = :s AND e.text_hash = :h "
                    + "LIMIT 1" + upsert);
            q.setParameter("s", claim.space()).setParameter("p", s.page()).setParameter("k", s.key())
                    .setParameter("o", claim.organization()).setParameter("pos", s.position())
                    .setParameter("pt", s.pageTitle()).setParameter("pp", s.pagePath()).setParameter("t", s.title())
                    .setParameter("h", s.hash()).executeUpdate();
        }
        // the keys kept, as one text array: everything else of the space goes
        StringBuilder keys = new StringBuilder();
        for (StoredSection s : sections) {
            keys.append(keys.isEmpty() ? "" : "\u001e").append(s.page()).append('\u001f').append(s.key());
        }
        em.createNativeQuery("DELETE FROM section_embedding WHERE space_id = :s AND NOT (page_id || chr(31) || section_key) "
                        + "= ANY (string_to_array(:k, chr(30)))")
                .setParameter("s", claim.space()).setParameter("k", keys.toString()).executeUpdate();
        em.createNativeQuery("UPDATE embedded_space SET indexed_revision = :r, state = CASE WHEN revision = :r THEN 'done' "
                        + "ELSE 'pending' END, claimed_at = NULL, attempts = 0, next_attempt_at = NULL, last_error = NULL, "
                        + "sections = :n, last_embedded = :e, updated_at = now() WHERE space_id = :s")
                .setParameter("r", claim.revision()).setParameter("n", sections.size()).setParameter("e", embedded)
                .setParameter("s", claim.space()).executeUpdate();
        return true;
    }

    /** A worker could not embed the claimed revision: tried again after {@code retryIn}, or given up (null). */
    public void failed(Claim claim, String error, Duration retryIn) {
        em.createNativeQuery("UPDATE embedded_space SET state = CASE WHEN state <> 'working' THEN state "
                        + "WHEN :retry THEN 'pending' ELSE 'failed' END, attempts = attempts + 1, claimed_at = NULL, "
                        + "next_attempt_at = now() + make_interval(secs => :in), last_error = :e, updated_at = now() "
                        + "WHERE space_id = :s")
                .setParameter("retry", retryIn != null).setParameter("in", retryIn == null ? 0.0 : (double) retryIn.toMillis() / 1000)
                .setParameter("e", error.length() > 1000 ? error.substring(0, 1000) : error)
                .setParameter("s", claim.space()).executeUpdate();
    }

    public int attempts(String space) {
        List<?> r = em.createNativeQuery("SELECT attempts FROM embedded_space WHERE space_id = :s")
                .setParameter("s", space).getResultList();
        return r.isEmpty() ? 0 : ((Number) r.getFirst()).intValue();
    }

    public SpaceState state(String space) {
        List<?> rows = em.createNativeQuery("SELECT space_id, organization_id, revision, indexed_revision, state, attempts, "
                + "sections, last_embedded, last_error FROM embedded_space WHERE space_id = :s").setParameter("s", space)
                .getResultList();
        if (rows.isEmpty()) {
            return null;
        }
        Object[] r = (Object[]) rows.getFirst();
        return new SpaceState((String) r[0], (String) r[1], (String) r[2], (String) r[3], (String) r[4],
                ((Number) r[5]).intValue(), ((Number) r[6]).intValue(), ((Number) r[7]).intValue(), (String) r[8]);
    }

    /** A space changed since an instant (database time), and the time it changed. */
    public record Changed(String space, Instant at) {
    }

    @SuppressWarnings("unchecked")
    public List<Changed> changedSince(Instant since) {
        List<Changed> out = new ArrayList<>();
        for (Object[] r : (List<Object[]>) em.createNativeQuery("SELECT space_id, updated_at FROM embedded_space "
                + "WHERE updated_at > :t ORDER BY updated_at").setParameter("t", since.atOffset(java.time.ZoneOffset.UTC))
                .getResultList()) {
            out.add(new Changed((String) r[0], instant(r[1])));
        }
        return out;
    }

    /** The database's clock (the watermark of {@link #changedSince}). */
    public Instant now() {
        return instant(em.createNativeQuery("SELECT now()").getSingleResult());
    }

    private static Instant instant(Object o) {
        return switch (o) {
            case Instant i -> i;
            case OffsetDateTime t -> t.toInstant();
            case java.sql.Timestamp t -> t.toInstant();
            default -> throw new IllegalStateException("not a timestamp: " + o.getClass());
        };
    }

    /** The sections of one space (none once deleted or purged). */
    /** A batch of one space's sections, in key order after {@code after} (null: from the first). */
    public List<StoredSection> sectionsAfter(String space, StoredSection after, int limit) {
        if (after == null) {
            return read("WHERE e.space_id = :s", Map.of("s", space), limit);
        }
        return read("WHERE e.space_id = :s AND (e.page_id, e.section_key) > (:p, :k)",
                Map.of("s", space, "p", after.page(), "k", after.key()), limit);
    }

    /** A batch of every space's sections, in key order after {@code after} (null: from the first); for the start-up. */
    public List<StoredSection> batchAfter(StoredSection after, int limit) {
        if (after == null) {
            return read("", Map.of(), limit);
        }
        return read("WHERE (e.space_id, e.page_id, e.section_key) > (:s, :p, :k)",
                Map.of("s", after.space(), "p", after.page(), "k", after.key()), limit);
    }

    @SuppressWarnings("unchecked")
    private List<StoredSection> read(String where, Map<String, Object> params, int limit) {
        var q = em.createNativeQuery("SELECT e.organization_id, e.space_id, e.page_id, e.section_key, e.position, "
                + "e.page_title, e.page_path, e.title, e.text_hash, e.vector FROM section_embedding e " + where
                + " ORDER BY e.space_id, e.page_id, e.section_key" + (limit > 0 ? " LIMIT " + limit : ""));
        params.forEach(q::setParameter);
        List<StoredSection> out = new ArrayList<>();
        for (Object[] r : (List<Object[]>) q.getResultList()) {
            out.add(new StoredSection((String) r[0], (String) r[1], (String) r[2], (String) r[3],
                    ((Number) r[4]).intValue(), (String) r[5], (String) r[6], (String) r[7], (String) r[8],
                    Embedder.floats((byte[]) r[9])));
        }
        return out;
    }
}
