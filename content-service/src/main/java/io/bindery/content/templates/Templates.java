package io.bindery.content.templates;

import io.bindery.content.access.ContentScopes;
import io.bindery.content.branches.Branches;
import io.bindery.content.access.SpacePolicy;
import io.bindery.content.authoring.ContentChange;
import io.bindery.content.domain.PageVersion;
import io.bindery.content.authoring.ContentWriter;
import io.bindery.content.domain.SpaceRow;
import io.bindery.content.spaces.LiveSpaces;
import io.bindery.content.pages.BranchView;
import io.bindery.content.revisions.Revisions;
import io.bindery.content.revisions.Snapshot;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.util.ArrayList;
import java.util.List;

/**
 * Applies a template of the built-in catalogue: its pages are inserted at the root of the space's live content
 * (one new revision) or of a change request's branch. Template pages link to each other with relative
 * {@code .md} paths, resolved like any written content.
 */
@ApplicationScoped
public class Templates {
    @Inject
    LiveSpaces spaces;
    @Inject
    ContentScopes scopes;
    @Inject
    ContentWriter writer;
    @Inject
    Revisions revisions;
    @Inject
    Branches branches;

    @Transactional
    public void apply(String spaceId, String callerId, TemplateRequest request) {
        List<ContentChange> changes = changes(request.template());
        String changeRequest = request.changeRequestId();
        if (changeRequest != null) {
            branches.write(branches.scope(spaceId, changeRequest, callerId).requireEdit(), changes, callerId);
            return;
        }
        ContentScopes.Scope scope = scopes.live(spaceId, callerId).requireEdit(); // the space is re-read under a lock below
        SpaceRow space = spaces.forUpdate(spaceId);
        // again on the locked row: a PATCH locking the space may have committed since the first read
        SpacePolicy.of(space, scope.space().role()).requireEdit();
        Snapshot before = revisions.snapshot(space.revisionId());
        ContentWriter.Written w = writer.apply(before, changes, before.id(),
                new ContentWriter.Target(spaceId, null, callerId, "edits"));
        branches.moveLive(space, before, w.revision(), null, callerId);
    }

    /** A template applied into a branch: the new head and the branch as it is now. */
    public record AppliedToBranch(String revision, BranchView changeRequest) {
    }

    /**
     * For the review service (internal API, rights checked there): the template's pages into a change request's
     * branch as one new head. Body {@code {"id", "createdBy"?}}; {@code createdBy} is recorded as the author.
     */
    @Transactional
    public AppliedToBranch applyToBranch(String spaceId, String branch, BranchTemplateRequest request) {
        List<ContentChange> changes = changes(request.template());
        String author = request.createdBy();
        Branches.BranchWrite w = branches.write(spaceId, branch, changes, author);
        return new AppliedToBranch(w.written().revision().id(), w.branch());
    }

    /**
     * For the review service: a new branch that starts with a template, in one transaction, so an unknown
     * template (400) leaves no branch behind. Answers the branch with the template as its head.
     */
    @Transactional
    public BranchView createBranchWithTemplate(String spaceId, String id, Integer number, String createdBy, String subject,
                                               String templateId) {
        List<ContentChange> changes = changes(TemplateRequest.template(templateId));
        BranchView created = branches.create(spaceId, id, number, createdBy, subject);
        return branches.write(spaceId, created.id(), changes, createdBy).branch();
    }

    /** The template as one insert per page. */
    private static List<ContentChange> changes(Template template) {
        List<ContentChange> changes = new ArrayList<>();
        for (TemplatePage p : template.pages()) {
            add(changes, p, null);
        }
        return changes;
    }

    private static void add(List<ContentChange> changes, TemplatePage p, String parentRef) {
        String ref = "template-page-" + changes.size();
        changes.add(new ContentChange.InsertPage(changes.size(), new ContentChange.PageFields(p.title(), p.slug(), p.emoji(),
                null, null, null, null, null), parentRef, null, ref, p.markdown(), PageVersion.DOCUMENT, null));
        for (TemplatePage child : p.pages() == null ? List.<TemplatePage>of() : p.pages()) {
            add(changes, child, ref);
        }
    }
}
