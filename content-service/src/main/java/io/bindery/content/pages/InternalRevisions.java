package io.bindery.content.pages;

import io.bindery.commons.errors.ApiException;
import io.bindery.content.domain.PageVersion;
import io.bindery.content.domain.RevisionFile;
import io.bindery.content.revisions.Revisions;
import io.bindery.content.revisions.Snapshot;
import io.bindery.contracts.content.RevisionFiles;
import io.bindery.contracts.content.RevisionPage;
import io.bindery.contracts.content.RevisionPages;
import io.bindery.contracts.content.RevisionPagesRequest;
import io.bindery.contracts.content.RevisionTree;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * A revision's pages and files as sites-service's reader and Git Sync's export read them
 * ({@link InternalRevisionResource}): no caller's rights, the reader decides who may read a published space. 404 for a revision of another space.
 */
@ApplicationScoped
public class InternalRevisions {
    @Inject
    Revisions revisions;

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
        return read(revision(spaceId, revisionId), List.of(pageId)).getFirst();
    }

    /** Many pages of the revision with their markdown, in the order asked (duplicates once). */
    public RevisionPages pages(String spaceId, String revisionId, RevisionPagesRequest request) {
        if (request == null || request.pages() == null) {
            throw ApiException.badRequest("pages is required (the page ids to read)");
        }
        if (request.pages().size() > RevisionPagesRequest.MAX_PAGES) {
            throw ApiException.badRequest("at most " + RevisionPagesRequest.MAX_PAGES + " pages at once");
        }
        return new RevisionPages(spaceId, revisionId, read(revision(spaceId, revisionId),
                new LinkedHashSet<>(request.pages())));
    }

    /** The pages with their markdown; what the tree does not hold is read in one query, not one a page. */
    private List<RevisionPage> read(Snapshot revision, Collection<String> pageIds) {
        List<PageVersion> found = new ArrayList<>();
        List<String> unread = new ArrayList<>();
        for (String pageId : pageIds) {
            PageVersion p = revision.page(pageId)
                    .orElseThrow(() -> ApiException.notFound("no page " + pageId + " in revision " + revision.id()));
            found.add(p);
            if (PageVersion.DOCUMENT.equals(p.kind()) && p.markdown() == null) {
                unread.add(p.id());
            }
        }
        Map<String, String> markdown = revisions.markdown(unread);
        String spaceId = revision.header().spaceId();
        List<RevisionPage> out = new ArrayList<>(found.size());
        for (PageVersion p : found) {
            String text = !PageVersion.DOCUMENT.equals(p.kind()) ? ""
                    : p.markdown() != null ? p.markdown() : markdown.getOrDefault(p.id(), "");
            out.add(new RevisionPage(spaceId, revision.id(), p.pageId(), p.title(), revision.path(p.pageId()),
                    p.description(), text));
        }
        return out;
    }

    /** The revision's files, without their bytes. */
    public RevisionFiles files(String spaceId, String revisionId) {
        Snapshot revision = revision(spaceId, revisionId);
        return new RevisionFiles(spaceId, revisionId, revision.files().stream()
                .map(f -> new RevisionFiles.File(f.id(), f.name(), f.contentType(), f.size())).toList());
    }

    /** A file of the revision with its bytes; a file whose bytes are missing is a server error. */
    public ContentReader.Download file(String spaceId, String revisionId, String fileId) {
        Snapshot revision = revision(spaceId, revisionId);
        RevisionFile f = revision.file(fileId)
                .orElseThrow(() -> ApiException.notFound("no file " + fileId + " in revision " + revisionId));
        return new ContentReader.Download(f, revisions.bytes(f));
    }

    private Snapshot revision(String spaceId, String revisionId) {
        return revisions.inSpace(spaceId, revisionId);
    }
}
