package io.bindery.content.revisions;

import io.bindery.commons.errors.ApiException;
import io.bindery.content.domain.PageLink;
import io.bindery.content.domain.PageVersion;
import io.bindery.content.domain.RevisionFile;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * What the other features ask of revisions: snapshots, page markdown and links, file bytes, new revisions. They call
 * this, never {@link RevisionStore}, so the revision tables have one place with SQL (issue 30), and the rules that
 * several features applied each (a revision of another space is a 404, a file without bytes a server error) live
 * here once. Answers are records or the immutable {@link Snapshot}; nothing here opens a transaction: the
 * caller's, if any, is used.
 */
@ApplicationScoped
public class Revisions {
    @Inject
    RevisionStore store;

    /** The revision (from the snapshot cache when it is there); 404 when there is none. */
    public Snapshot snapshot(String revisionId) {
        return store.load(revisionId);
    }

    /** A revision of the space; one of another space is the same 404 as a missing one. */
    public Snapshot inSpace(String spaceId, String revisionId) {
        Snapshot revision = store.load(revisionId);
        if (!spaceId.equals(revision.header().spaceId())) {
            throw ApiException.notFound("no revision " + revisionId + " in space " + spaceId);
        }
        return revision;
    }

    /** What a revision is compared with: its first parent, or an empty revision when it has none (all is new). */
    public Snapshot firstParent(Snapshot head) {
        List<String> parents = head.header().parents();
        return parents.isEmpty() ? new Snapshot(new Snapshot.Header("", head.header().spaceId(), List.of(), "edits",
                head.header().createdAt(), null, null, List.of()), Map.of(), List.of()) : store.load(parents.get(0));
    }

    /** The markdown of page versions, by version id, in one query. */
    public Map<String, String> markdown(Collection<String> versionIds) {
        return store.markdown(versionIds);
    }

    /** A page version's markdown: what the snapshot holds, else read. */
    public String markdown(PageVersion page) {
        return store.markdown(page);
    }

    /** The total length in characters of these page versions' markdown, without reading it. */
    public long markdownLength(Collection<String> versionIds) {
        return store.markdownLength(versionIds);
    }

    /** Links of page versions, by version id (versions without links are absent). */
    public Map<String, List<PageLink>> links(Collection<String> versionIds) {
        return store.links(versionIds);
    }

    /** A file's bytes; a file a revision lists whose bytes are missing is a server error, never a 404. */
    public byte[] bytes(RevisionFile f) {
        byte[] bytes = store.blob(f.sha256());
        if (bytes == null) {
            throw new IllegalStateException("bytes of file " + f.id() + " are missing (sha256 " + f.sha256() + ")");
        }
        return bytes;
    }

    /** Stores file bytes under their SHA-256 (once) and returns the hex digest. */
    public String putBytes(byte[] bytes) {
        return store.putBlob(bytes);
    }

    /** Writes a revision and returns it read back. */
    public Snapshot write(RevisionStore.NewRevision revision) {
        return store.write(revision);
    }

    /**
     * A new space's first revision: empty, or sharing {@code copyOf}'s pages and files (a duplicate).
     *
     * @return whether {@code copyOf} was found and its content copied
     */
    public boolean first(String id, String spaceId, Instant createdAt, String copyOf) {
        return store.first(id, spaceId, createdAt, copyOf);
    }

    /** Removes every revision of a space being purged for good. */
    public void deleteOfSpace(String spaceId) {
        store.deleteOfSpace(spaceId);
    }
}
