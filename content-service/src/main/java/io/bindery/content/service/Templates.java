package io.bindery.content.service;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;
import io.bindery.content.access.SpacePolicy;
import io.bindery.content.authoring.ContentChange;
import io.bindery.content.authoring.ContentWriter;
import io.bindery.content.domain.Space;
import io.bindery.content.rest.dto.BranchView;
import io.bindery.content.revisions.RevisionStore;
import io.bindery.content.revisions.Snapshot;
import io.bindery.content.templates.Template;
import io.bindery.content.templates.TemplateCatalogue;
import io.bindery.content.templates.TemplatePage;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Applies a template of the built-in catalogue: its pages are inserted at the root of the space's live content
 * (one new revision) or of a change request's branch. Template pages link to each other with relative
 * {@code .md} paths, resolved like any written content.
 */
@ApplicationScoped
public class Templates {
    @Inject
    ContentLookup lookup;
    @Inject
    ContentScopes scopes;
    @Inject
    ContentWriter writer;
    @Inject
    RevisionStore store;
    @Inject
    Branches branches;
    @Inject
    EntityManager em;

    @Transactional
    public void apply(String spaceId, String callerId, JsonNode node) {
        JsonBody body = JsonBody.of(node);
        List<ContentChange> changes = changes(body);
        String changeRequest = body.string("changeRequestId").orElse(null);
        if (changeRequest != null) {
            branches.write(scopes.branch(spaceId, changeRequest, callerId).requireEdit(), changes, callerId);
            return;
        }
        ContentScopes.Scope scope = scopes.live(spaceId, callerId).requireEdit(); // the space is re-read under a lock below
        Space space = lookup.lockedRow(Space.class, spaceId);
        // again on the locked row: a PATCH locking the space may have committed since the first read
        SpacePolicy.of(space, scope.space().role()).requireEdit();
        Snapshot before = store.load(space.revisionId);
        ContentWriter.Written w = writer.apply(before, changes, before.id(),
                new ContentWriter.Target(spaceId, null, callerId, "edits"));
        branches.moveLive(space, before, w.revision(), null);
    }

    /** A template applied into a branch: the new head and the branch as it is now. */
    public record AppliedToBranch(String revision, BranchView changeRequest) {
    }

    /**
     * For the review service (internal API, rights checked there): the template's pages into a change request's
     * branch as one new head. Body {@code {"id", "createdBy"?}}; {@code createdBy} is recorded as the author.
     */
    @Transactional
    public AppliedToBranch applyToBranch(String spaceId, String branch, JsonNode node) {
        JsonBody body = JsonBody.of(node);
        List<ContentChange> changes = changes(body);
        String author = body.string("createdBy", 1, 256, true).orElse(null);
        Branches.BranchWrite w = branches.write(spaceId, branch, changes, author);
        return new AppliedToBranch(w.written().revision().id(), w.branch());
    }

    /**
     * For the review service: a new branch that starts with a template, in one transaction, so an unknown
     * template (400) leaves no branch behind. Answers the branch with the template as its head.
     */
    @Transactional
    public BranchView createBranchWithTemplate(String spaceId, String id, Integer number, String createdBy, String templateId) {
        List<ContentChange> changes = changes(templateId);
        BranchView created = branches.create(spaceId, id, number, createdBy);
        return branches.write(spaceId, created.id(), changes, createdBy).branch();
    }

    private static List<ContentChange> changes(JsonBody body) {
        body.object("params"); // contentRefs parameters feed computed templates, which this catalogue has none of
        return changes(body.string("id").orElse(null));
    }

    /** The template named {@code id} as one insert per page; 400 listing the catalogue when it is unknown. */
    private static List<ContentChange> changes(String id) {
        if (id == null) {
            throw ApiException.badRequest("id is required: one of "
                    + TemplateCatalogue.all().stream().map(Template::id).collect(Collectors.joining(", ")));
        }
        Template template = TemplateCatalogue.find(id).orElseThrow(() -> ApiException.badRequest("id: no template \"" + id
                + "\"; the catalogue has " + TemplateCatalogue.all().stream().map(Template::id).collect(Collectors.joining(", "))));
        List<ContentChange> changes = new ArrayList<>();
        for (TemplatePage p : template.pages()) {
            add(changes, p, null);
        }
        return changes;
    }

    private static void add(List<ContentChange> changes, TemplatePage p, String parentRef) {
        String ref = "template-page-" + changes.size();
        changes.add(new ContentChange.InsertPage(changes.size(), new ContentChange.PageFields(p.title(), p.slug(), p.emoji(),
                null, null, null, null, null), parentRef, null, ref, p.markdown()));
        for (TemplatePage child : p.pages() == null ? List.<TemplatePage>of() : p.pages()) {
            add(changes, child, ref);
        }
    }
}
