package io.bindery.content.pages;

import io.bindery.content.access.ContentScopes;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.lists.ListPage;
import io.bindery.content.domain.PageVersion;
import io.bindery.content.domain.RevisionFile;
import io.bindery.document.MarkdownDocuments;
import io.bindery.content.revisions.Revisions;
import io.bindery.content.revisions.Snapshot;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Map;

/** Reads of a revision's content for the API: the revision, its page tree, one page, its files and their bytes. */
@ApplicationScoped
public class ContentReader {
    @Inject
    PageViews views;
    @Inject
    MergedBranches mergedBranches;
    @Inject
    Revisions revisions;

    /** The query options every content read accepts; {@code computed} and {@code evaluated} are validated. */
    public record Options(boolean metadata, String format) {
        public static Options of(String metadata, String computed, String format, String evaluated) {
            boolean withMetadata = bool("metadata", metadata);
            bool("computed", computed); // validated; there is no computed content to leave out
            if (evaluated != null && !evaluated.isEmpty() && !evaluated.equals("true") && !evaluated.equals("false")
                    && !evaluated.equals("deterministic-only")) {
                throw ApiException.badRequest("evaluated must be true, false or deterministic-only");
            }
            String f = format == null || format.isEmpty() ? "document" : format;
            if (!f.equals("document") && !f.equals("markdown")) {
                throw ApiException.badRequest("format must be document or markdown");
            }
            return new Options(withMetadata, f);
        }

        private static boolean bool(String name, String value) {
            if (value == null || value.isEmpty() || value.equals("true")) {
                return true;
            }
            if (value.equals("false")) {
                return false;
            }
            throw ApiException.badRequest(name + " must be true or false");
        }
    }

    public RevisionView revision(ContentScopes.Scope scope, Options o) {
        String mergedFrom = scope.snapshot().header().mergedFrom();
        BranchState from = mergedFrom == null ? null : mergedBranches.mergedBranch(mergedFrom).orElse(null);
        return views.revision(scope.item(), scope.snapshot(), o.metadata(), from);
    }

    public PageView.Tree pages(ContentScopes.Scope scope, Options o) {
        return new PageView.Tree(views.tree(scope.item(), scope.snapshot(), null, o.metadata()));
    }

    public PageView page(ContentScopes.Scope scope, String pageId, Options o) {
        PageVersion p = scope.snapshot().page(pageId).orElseThrow(() -> ApiException.notFound("no page " + pageId
                + " in revision " + scope.snapshot().id()));
        return body(scope, p, o);
    }

    public PageView pageByPath(ContentScopes.Scope scope, String path, Options o) {
        PageVersion p = scope.snapshot().byPath(path).orElseThrow(() -> ApiException.notFound("no page at path " + path
                + " in revision " + scope.snapshot().id()));
        return body(scope, p, o);
    }

    private PageView body(ContentScopes.Scope scope, PageVersion p, Options o) {
        Snapshot s = scope.snapshot();
        String markdown = revisions.markdown(p);
        Map<String, Object> document = o.format().equals("document") ? MarkdownDocuments.toDocument(markdown) : null;
        return views.page(scope.item(), s, p, views.tree(scope.item(), s, p.pageId(), o.metadata()), o.metadata(),
                o.format().equals("markdown") ? markdown : null, document);
    }

    public ListPage<FileView> files(ContentScopes.Scope scope, String limit, String page) {
        return InMemoryPages.slice(views.files(scope.item(), scope.snapshot()), limit, page);
    }

    public FileView file(ContentScopes.Scope scope, String fileId) {
        return views.file(scope.item(), scope.snapshot(), fileOf(scope, fileId));
    }

    /** A file with its bytes. */
    public record Download(RevisionFile file, byte[] bytes) {
    }

    public Download download(ContentScopes.Scope scope, String fileId) {
        RevisionFile f = fileOf(scope, fileId);
        return new Download(f, revisions.bytes(f));
    }

    private static RevisionFile fileOf(ContentScopes.Scope scope, String fileId) {
        return scope.snapshot().file(fileId).orElseThrow(() -> ApiException.notFound("no file " + fileId
                + " in revision " + scope.snapshot().id()));
    }
}
