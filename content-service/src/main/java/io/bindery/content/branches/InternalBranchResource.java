package io.bindery.content.branches;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;
import io.bindery.contracts.content.BranchOutcome;
import io.bindery.contracts.content.BranchPages;
import io.bindery.contracts.content.BranchResponse;
import io.bindery.contracts.content.ContentBranchesApi;
import io.bindery.contracts.content.RevisionFiles;
import io.bindery.contracts.content.RevisionTree;
import io.bindery.content.authoring.ChangeParser;
import io.bindery.content.pages.InternalRevisions;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

/**
 * Internal (never routed by the gateway): change-request branches for the review service, which owns the
 * change-request workflow and checks the caller's rights before it calls these. Creating one (optionally from a
 * template) and applying a template to one are {@code templates.InternalTemplateResource}'s. Paths, parameters and
 * media types are the contract's ({@link ContentBranchesApi}); a JAX-RS annotation here would hide them.
 */
// a resource's default scope, said here because the class has no @Path of its own to make it a bean
@Singleton
public class InternalBranchResource implements ContentBranchesApi {
    @Inject
    Branches branches;
    @Inject
    BranchExport export;
    @Inject
    InternalRevisions revisions;
    @Inject
    ChangeParser parser;

    @Override
    public BranchResponse branch(String authorization, String spaceId, String branch) {
        return BranchAnswers.branch(branches.get(spaceId, branch));
    }

    @Override
    public BranchOutcome update(String authorization, String spaceId, String branch) {
        return BranchAnswers.outcome(branches.update(spaceId, branch));
    }

    /**
     * Body: optional {@code mergedBy} (a user id, recorded on the merge revision), {@code subject} and
     * {@code comments} (the change request's as review knows them, shown in the revision's mergedFrom).
     */
    @Override
    public BranchOutcome merge(String authorization, String spaceId, String branch, JsonNode node) {
        JsonBody body = JsonBody.of(node);
        Long comments = null;
        if (body.has("comments") && !body.isNull("comments")) {
            if (!body.raw("comments").isIntegralNumber() || !body.raw("comments").canConvertToLong()) {
                throw ApiException.badRequest("comments must be a whole number");
            }
            comments = body.raw("comments").asLong();
        }
        return BranchAnswers.outcome(branches.merge(spaceId, branch, body.string("mergedBy").orElse(null),
                body.string("subject").orElse(null), comments));
    }

    @Override
    public BranchPages pages(String authorization, String spaceId, String branch, int maxPages, long maxChars, String page) {
        return BranchAnswers.pages(export.pages(spaceId, branch, page == null || page.isEmpty() ? null : page, maxPages, maxChars));
    }

    @Override
    public RevisionTree tree(String authorization, String spaceId, String branch) {
        return revisions.tree(spaceId, branches.head(spaceId, branch));
    }

    @Override
    public RevisionFiles files(String authorization, String spaceId, String branch) {
        return revisions.files(spaceId, branches.head(spaceId, branch));
    }

    @Override
    public BranchResponse write(String authorization, String spaceId, String branch, String author, JsonNode body) {
        if (author == null || author.isBlank()) {
            throw ApiException.badRequest("author is required: the id of the member the batch is written for");
        }
        return BranchAnswers.branch(branches.write(spaceId, branch, parser.parse(body), author).branch());
    }
}
