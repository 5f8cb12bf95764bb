package io.bindery.content.branches;

import io.bindery.content.access.ContentScopes;
import io.bindery.content.pages.PageViews;
import io.bindery.content.domain.PageVersion;
import io.bindery.content.domain.RevisionFile;
import io.bindery.content.domain.SpaceRow;
import io.bindery.content.revisions.Revisions;
import io.bindery.content.revisions.Snapshot;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What changed between two revisions (GitBook RevisionSemanticChanges): pages created, edited, moved and deleted,
 * files created and deleted. For a change request, against the main revision it is based on; for a revision,
 * against its first parent.
 */
@ApplicationScoped
public class BranchChanges {
    @Inject
    Revisions revisions;
    @Inject
    PageViews views;

    /** GitBook ChangedRevisionPage; {@code type} is the page's type (document, group, link). */
    public record ChangedPage(String id, String type, String title, String path) {
    }

    /** GitBook ChangedRevisionFile; {@code downloadURL} serves the file of the revision it was in. */
    public record ChangedFile(String id, String name, String contentType, String downloadURL) {
    }

    public record Change<T>(T before, T after) {
    }

    public record Parent(ChangedPage before, ChangedPage after) {
    }

    /** One change; unused fields stay null. */
    public record SemanticChange(String type, ChangedPage page, Map<String, Change<Object>> attributes, Parent parent,
                                 ChangedFile file) {
    }

    /** {@code more}: how many changes were left out above a limit; none are. */
    public record Changes(List<SemanticChange> changes, int more) {
    }

    /** What a change request's branch changed against the main revision it is based on. */
    public Changes of(ContentScopes.Scope scope) {
        return between(scope.item(), revisions.snapshot(scope.branch().mergedAncestorRevisionId()), scope.snapshot());
    }

    /** What a revision changed against its first parent (everything is new in a revision without parents). */
    public Changes ofRevision(ContentScopes.Scope scope) {
        Snapshot head = scope.snapshot();
        return between(scope.item(), revisions.firstParent(head), head);
    }

    private Changes between(SpaceRow space, Snapshot base, Snapshot head) {
        List<SemanticChange> out = new ArrayList<>();
        for (PageVersion after : head.inTreeOrder()) {
            PageVersion before = base.pages().get(after.pageId());
            ChangedPage page = new ChangedPage(after.pageId(), after.kind(), after.title(), head.path(after.pageId()));
            if (before == null) {
                out.add(new SemanticChange("page_created", page, null, null, null));
                continue;
            }
            if (before.id().equals(after.id())) {
                continue;
            }
            if (!Objects.equals(before.parentId(), after.parentId()) || before.position() != after.position()) {
                out.add(new SemanticChange("page_moved", page, null, new Parent(ref(base, before.parentId()),
                        ref(head, after.parentId())), null));
            }
            Map<String, Change<Object>> attributes = new LinkedHashMap<>();
            attr(attributes, "title", before.title(), after.title());
            attr(attributes, "slug", before.slug(), after.slug());
            attr(attributes, "emoji", before.emoji(), after.emoji());
            attr(attributes, "icon", before.icon(), after.icon());
            attr(attributes, "description", before.description(), after.description());
            attr(attributes, "hidden", before.hidden(), after.hidden());
            attr(attributes, "document", before.gitOid(), after.gitOid());
            if (!attributes.isEmpty()) {
                out.add(new SemanticChange("page_edited", page, attributes, null, null));
            }
        }
        for (PageVersion before : base.inTreeOrder()) {
            if (!head.pages().containsKey(before.pageId())) {
                out.add(new SemanticChange("page_deleted", new ChangedPage(before.pageId(), before.kind(), before.title(),
                        base.path(before.pageId())), null, null, null));
            }
        }
        for (RevisionFile f : head.files()) {
            if (base.file(f.id()).isEmpty()) {
                out.add(new SemanticChange("file_created", null, null, null, changedFile(space, head, f)));
            }
        }
        for (RevisionFile f : base.files()) {
            if (head.file(f.id()).isEmpty()) {
                out.add(new SemanticChange("file_deleted", null, null, null, changedFile(space, base, f)));
            }
        }
        return new Changes(out, 0);
    }

    private ChangedFile changedFile(SpaceRow space, Snapshot in, RevisionFile f) {
        return new ChangedFile(f.id(), f.name(), f.contentType(), views.file(space, in, f).downloadURL());
    }

    private static ChangedPage ref(Snapshot s, String pageId) {
        return s.page(pageId).map(p -> new ChangedPage(p.pageId(), p.kind(), p.title(), s.path(p.pageId()))).orElse(null);
    }

    private static void attr(Map<String, Change<Object>> out, String name, Object before, Object after) {
        if (!Objects.equals(before, after)) {
            out.put(name, new Change<>(before, after));
        }
    }
}
