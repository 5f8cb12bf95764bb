package io.bindery.content.pages;

import io.bindery.commons.errors.ApiException;
import io.bindery.content.domain.PageVersion;
import io.bindery.content.domain.RevisionFile;
import io.bindery.content.revisions.RevisionStore;
import io.bindery.content.revisions.Snapshot;
import io.bindery.contracts.content.RevisionPage;
import io.bindery.contracts.content.RevisionTree;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A revision's pages and files as sites-service's reader reads them ({@link InternalRevisionResource}): no caller's
 * rights, the reader decides who may read a published space. 404 for a revision of another space.
 */
@ApplicationScoped
public class InternalRevisions {
    @Inject
    RevisionStore store;

    public RevisionTree tree(String spaceId, String revisionId) {
        Snapshot revision = revision(spaceId, revisionId);
        List<PageVersion> ordered = revision.inTreeOrder();
        // parents come before their children in tree order, so each depth is one lookup
        Map<String, Integer> depths = new HashMap<>();
        List<RevisionTree.Page> pages = new ArrayList<>(ordered.size());
        for (PageVersion p : ordered) {
            int depth = p.parentId() == null ? 0 : depths.getOrDefault(p.parentId(), -1) + 1;
            depths.put(p.pageId(), depth);
            pages.add(new RevisionTree.Page(p.pageId(), p.kind(), p.title(), revision.path(p.pageId()), depth,
                    p.description(), p.emoji(), p.hidden(), p.noIndex(), p.href()));
        }
        return new RevisionTree(spaceId, revisionId, pages, revision.header().createdAt());
    }

    public RevisionPage page(String spaceId, String revisionId, String pageId) {
        Snapshot revision = revision(spaceId, revisionId);
        PageVersion p = revision.page(pageId)
                .orElseThrow(() -> ApiException.notFound("no page " + pageId + " in revision " + revisionId));
        String markdown = !PageVersion.DOCUMENT.equals(p.kind()) ? ""
                : p.markdown() != null ? p.markdown() : store.markdown(List.of(p.id())).getOrDefault(p.id(), "");
        return new RevisionPage(spaceId, revisionId, p.pageId(), p.title(), revision.path(p.pageId()), p.description(), markdown);
    }

    /** A file of the revision with its bytes; a file whose bytes are missing is a server error. */
    public ContentReader.Download file(String spaceId, String revisionId, String fileId) {
        Snapshot revision = revision(spaceId, revisionId);
        RevisionFile f = revision.file(fileId)
                .orElseThrow(() -> ApiException.notFound("no file " + fileId + " in revision " + revisionId));
        byte[] bytes = store.blob(f.sha256());
        if (bytes == null) {
            throw new IllegalStateException("bytes of file " + f.id() + " are missing (sha256 " + f.sha256() + ")");
        }
        return new ContentReader.Download(f, bytes);
    }

    private Snapshot revision(String spaceId, String revisionId) {
        Snapshot revision = store.load(revisionId);
        if (!spaceId.equals(revision.header().spaceId())) {
            throw ApiException.notFound("no revision " + revisionId + " in space " + spaceId);
        }
        return revision;
    }
}
