package io.bindery.content.revisions;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.ids.Ids;
import io.bindery.content.domain.PageLink;
import io.bindery.content.domain.PageVersion;
import io.bindery.content.domain.RevisionFile;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.hibernate.Session;
import org.hibernate.jdbc.ReturningWork;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads and writes revisions. A revision lists its pages through a manifest cut into chunks of about 64 entries
 * ({@link ManifestLayout}); chunks are content-addressed, so a revision that changes one page of 5,000 writes one
 * page version, one chunk and the revision row, and shares everything else with its parent.
 * Reads go through the Hibernate session's connection, so they see this transaction's writes.
 */
@ApplicationScoped
public class RevisionStore {
    private static final TypeReference<List<RevisionFile>> FILE_LIST = new TypeReference<>() {
    };

    @Inject
    EntityManager em;
    @Inject
    ObjectMapper json;
    @Inject
    SnapshotCache cache;

    /** What to write: the complete page map of the new revision and which versions in it are new. */
    public record NewRevision(String spaceId, List<String> parents, String type, String branchId, String mergedFrom,
                              String createdBy, Map<String, PageVersion> pages, List<PageVersion> newVersions,
                              Map<String, List<PageLink>> linksByVersion, List<RevisionFile> files, Snapshot base) {
    }

    public Snapshot load(String revisionId) {
        Snapshot cached = cache.get(revisionId);
        if (cached != null) {
            return cached;
        }
        Snapshot loaded = work(c -> read(c, revisionId));
        if (loaded == null) {
            throw ApiException.notFound("no revision " + revisionId);
        }
        cache.put(loaded);
        return loaded;
    }

    private Snapshot read(Connection c, String revisionId) throws SQLException {
        Snapshot.Header header;
        List<RevisionFile> files;
        try (PreparedStatement st = c.prepareStatement("SELECT space_id, parents, type, created_at, branch_id, merged_from,"
                + " chunks, files::text FROM revision WHERE id = ?")) {
            st.setString(1, revisionId);
            try (ResultSet rs = st.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                header = new Snapshot.Header(revisionId, rs.getString(1), strings(rs.getArray(2)), rs.getString(3),
                        rs.getTimestamp(4).toInstant(), rs.getString(5), rs.getString(6), strings(rs.getArray(7)));
                files = parseFiles(rs.getString(8));
            }
        }
        List<String> versionIds = new ArrayList<>();
        Map<String, Integer> chunkOf = new HashMap<>();
        Map<String, String[]> chunkPages = new HashMap<>();
        try (PreparedStatement st = c.prepareStatement("SELECT id, page_ids, version_ids FROM manifest_chunk WHERE id = ANY(?)")) {
            st.setArray(1, c.createArrayOf("text", header.chunks().toArray()));
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    chunkPages.put(rs.getString(1), (String[]) rs.getArray(2).getArray());
                    versionIds.addAll(strings(rs.getArray(3)));
                }
            }
        }
        for (int i = 0; i < header.chunks().size(); i++) {
            for (String pageId : chunkPages.getOrDefault(header.chunks().get(i), new String[0])) {
                chunkOf.put(pageId, i);
            }
        }
        Map<String, PageVersion> pages = new HashMap<>();
        try (PreparedStatement st = c.prepareStatement("SELECT id, page_id, kind, parent_id, position, title, slug, emoji, icon,"
                + " description, hidden, no_index, no_robots_index, href, git_oid, created_at, updated_at"
                + " FROM page_version WHERE id = ANY(?)")) {
            st.setArray(1, c.createArrayOf("text", versionIds.toArray()));
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    PageVersion p = new PageVersion(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                            rs.getDouble(5), rs.getString(6), rs.getString(7), rs.getString(8), rs.getString(9),
                            rs.getString(10), rs.getBoolean(11), rs.getBoolean(12), rs.getBoolean(13), rs.getString(14),
                            null, rs.getString(15), rs.getTimestamp(16).toInstant(), rs.getTimestamp(17).toInstant());
                    pages.put(p.pageId(), p);
                }
            }
        }
        return new Snapshot(header, pages, files, chunkOf);
    }

    /** The markdown of page versions, by version id. */
    /** The total length in characters of these page versions' markdown, without reading it. */
    public long markdownLength(Collection<String> versionIds) {
        if (versionIds.isEmpty()) {
            return 0;
        }
        return work(c -> {
            try (PreparedStatement st = c.prepareStatement(
                    "SELECT COALESCE(sum(char_length(markdown)), 0) FROM page_version WHERE id = ANY(?)")) {
                st.setArray(1, c.createArrayOf("text", versionIds.toArray()));
                try (ResultSet rs = st.executeQuery()) {
                    rs.next();
                    return rs.getLong(1);
                }
            }
        });
    }

    public Map<String, String> markdown(Collection<String> versionIds) {
        if (versionIds.isEmpty()) {
            return Map.of();
        }
        return work(c -> {
            Map<String, String> out = new HashMap<>();
            try (PreparedStatement st = c.prepareStatement("SELECT id, markdown FROM page_version WHERE id = ANY(?)")) {
                st.setArray(1, c.createArrayOf("text", versionIds.toArray()));
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        out.put(rs.getString(1), rs.getString(2));
                    }
                }
            }
            return out;
        });
    }

    public String markdown(PageVersion page) {
        return page.markdown() != null ? page.markdown() : markdown(List.of(page.id())).getOrDefault(page.id(), "");
    }

    /** Links of page versions, by version id (versions without links are absent). */
    public Map<String, List<PageLink>> links(Collection<String> versionIds) {
        if (versionIds.isEmpty()) {
            return Map.of();
        }
        return work(c -> {
            Map<String, List<PageLink>> out = new HashMap<>();
            try (PreparedStatement st = c.prepareStatement("SELECT version_id, kind, target, anchor FROM page_link"
                    + " WHERE version_id = ANY(?) ORDER BY version_id, ordinal")) {
                st.setArray(1, c.createArrayOf("text", versionIds.toArray()));
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        out.computeIfAbsent(rs.getString(1), k -> new ArrayList<>())
                                .add(new PageLink(rs.getString(2), rs.getString(3), rs.getString(4)));
                    }
                }
            }
            return out;
        });
    }

    /** Writes a revision and returns it read back. */
    public Snapshot write(NewRevision r) {
        String id = Ids.newId();
        Instant now = Instant.now();
        ManifestLayout.Plan plan = ManifestLayout.plan(r.pages(), r.base(), changedPageIds(r));
        List<String> chunks = work(c -> {
            insertVersions(c, r.spaceId(), r.newVersions(), r.linksByVersion());
            List<String> ids = writeChunks(c, plan);
            try (PreparedStatement st = c.prepareStatement("INSERT INTO revision (id, space_id, parents, type, created_at,"
                    + " chunks, page_count, files, branch_id, merged_from, created_by)"
                    + " VALUES (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?)")) {
                st.setString(1, id);
                st.setString(2, r.spaceId());
                st.setArray(3, c.createArrayOf("text", r.parents().toArray()));
                st.setString(4, r.type());
                st.setTimestamp(5, Timestamp.from(now));
                st.setArray(6, c.createArrayOf("text", ids.toArray()));
                st.setInt(7, r.pages().size());
                st.setString(8, toJson(r.files()));
                st.setString(9, r.branchId());
                st.setString(10, r.mergedFrom());
                st.setString(11, r.createdBy());
                st.executeUpdate();
            }
            return ids;
        });
        Map<String, PageVersion> treeOnly = new HashMap<>();
        r.pages().forEach((k, v) -> treeOnly.put(k, v.markdown() == null ? v : v.withMarkdown(null)));
        Snapshot written = new Snapshot(new Snapshot.Header(id, r.spaceId(), List.copyOf(r.parents()), r.type(), now,
                r.branchId(), r.mergedFrom(), List.copyOf(chunks)), treeOnly, r.files(), plan.chunkOf());
        cache.put(written);
        return written;
    }

    private static Set<String> changedPageIds(NewRevision r) {
        if (r.base() == null) {
            return null;
        }
        Set<String> changed = new java.util.HashSet<>();
        r.pages().forEach((pageId, v) -> {
            PageVersion before = r.base().pages().get(pageId);
            if (before == null || !before.id().equals(v.id())) {
                changed.add(pageId);
            }
        });
        r.base().pages().keySet().stream().filter(k -> !r.pages().containsKey(k)).forEach(changed::add);
        return changed;
    }

    /** Writes the chunks the plan changes; returns the chunk ids in order. */
    private static List<String> writeChunks(Connection c, ManifestLayout.Plan plan) throws SQLException {
        List<String> ids = new ArrayList<>();
        try (PreparedStatement st = c.prepareStatement("INSERT INTO manifest_chunk (id, page_ids, version_ids)"
                + " VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING")) {
            boolean any = false;
            for (ManifestLayout.Chunk chunk : plan.chunks()) {
                if (chunk.id() != null) {
                    ids.add(chunk.id());
                    continue;
                }
                String id = ManifestLayout.digest(chunk.entries());
                ids.add(id);
                st.setString(1, id);
                st.setArray(2, c.createArrayOf("text", chunk.entries().keySet().toArray()));
                st.setArray(3, c.createArrayOf("text", chunk.entries().values().toArray()));
                st.addBatch();
                any = true;
            }
            if (any) {
                st.executeBatch();
            }
        }
        return ids;
    }

    private void insertVersions(Connection c, String spaceId, List<PageVersion> versions, Map<String, List<PageLink>> links) throws SQLException {
        if (versions.isEmpty()) {
            return;
        }
        try (PreparedStatement st = c.prepareStatement("INSERT INTO page_version (id, space_id, page_id, kind, parent_id,"
                + " position, title, slug, emoji, icon, description, hidden, no_index, no_robots_index, href, markdown,"
                + " git_oid, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (PageVersion p : versions) {
                int i = 1;
                st.setString(i++, p.id());
                st.setString(i++, spaceId);
                st.setString(i++, p.pageId());
                st.setString(i++, p.kind());
                st.setString(i++, p.parentId());
                st.setDouble(i++, p.position());
                st.setString(i++, p.title());
                st.setString(i++, p.slug());
                st.setString(i++, p.emoji());
                st.setString(i++, p.icon());
                st.setString(i++, p.description());
                st.setBoolean(i++, p.hidden());
                st.setBoolean(i++, p.noIndex());
                st.setBoolean(i++, p.noRobotsIndex());
                st.setString(i++, p.href());
                st.setString(i++, p.markdown() == null ? "" : p.markdown());
                st.setString(i++, p.gitOid());
                st.setTimestamp(i++, Timestamp.from(p.createdAt()));
                st.setTimestamp(i, Timestamp.from(p.updatedAt()));
                st.addBatch();
            }
            st.executeBatch();
        }
        try (PreparedStatement st = c.prepareStatement("INSERT INTO page_link (version_id, ordinal, kind, target, anchor)"
                + " VALUES (?, ?, ?, ?, ?)")) {
            boolean any = false;
            for (PageVersion p : versions) {
                List<PageLink> list = links.getOrDefault(p.id(), List.of());
                for (int i = 0; i < list.size(); i++) {
                    st.setString(1, p.id());
                    st.setInt(2, i);
                    st.setString(3, list.get(i).kind());
                    st.setString(4, list.get(i).target());
                    st.setString(5, list.get(i).anchor());
                    st.addBatch();
                    any = true;
                }
            }
            if (any) {
                st.executeBatch();
            }
        }
    }

    /**
     * Persists a new space's first revision {@code id}: empty, or sharing {@code copyOf}'s page versions and file bytes
     * (only the manifest pointers are copied). The space must be flushed first (the revision references it).
     *
     * @return whether {@code copyOf} was found and copied
     */
    public boolean first(String id, String spaceId, Instant createdAt, String copyOf) {
        Revision source = copyOf == null ? null : Revision.findById(copyOf);
        Revision r = new Revision();
        r.id = id;
        r.spaceId = spaceId;
        r.type = "edits";
        r.createdAt = createdAt;
        if (source != null) {
            r.parents = new String[]{source.id};
            r.chunks = source.chunks;
            r.pageCount = source.pageCount;
            r.files = source.files;
        }
        r.persist();
        return source != null;
    }

    /** Removes every revision of the space (a purge; its page versions and blobs are shared and stay). */
    public void deleteOfSpace(String spaceId) {
        em.createNativeQuery("DELETE FROM revision WHERE space_id = :s").setParameter("s", spaceId).executeUpdate();
    }

    /** Stores file bytes under their SHA-256 (once) and returns the hex digest. */
    public String putBlob(byte[] bytes) {
        String sha;
        try {
            sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        work(c -> {
            try (PreparedStatement st = c.prepareStatement("INSERT INTO file_blob (sha256, size, bytes) VALUES (?, ?, ?)"
                    + " ON CONFLICT (sha256) DO NOTHING")) {
                st.setString(1, sha);
                st.setInt(2, bytes.length);
                st.setBytes(3, bytes);
                st.executeUpdate();
            }
            return null;
        });
        return sha;
    }

    public byte[] blob(String sha256) {
        return work(c -> {
            try (PreparedStatement st = c.prepareStatement("SELECT bytes FROM file_blob WHERE sha256 = ?")) {
                st.setString(1, sha256);
                try (ResultSet rs = st.executeQuery()) {
                    return rs.next() ? rs.getBytes(1) : null;
                }
            }
        });
    }

    private List<RevisionFile> parseFiles(String text) {
        try {
            return json.readValue(text == null ? "[]" : text, FILE_LIST);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("revision files are not valid JSON", e);
        }
    }

    private String toJson(List<RevisionFile> files) {
        try {
            return json.writeValueAsString(files);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<String> strings(Array a) throws SQLException {
        return a == null ? List.of() : List.of((String[]) a.getArray());
    }

    private <T> T work(ReturningWork<T> w) {
        return em.unwrap(Session.class).doReturningWork(w);
    }

}
