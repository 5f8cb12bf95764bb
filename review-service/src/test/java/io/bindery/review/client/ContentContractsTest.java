package io.bindery.review.client;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Role;
import io.bindery.contracts.content.BranchCreateRequest;
import io.bindery.contracts.content.BranchMergeRequest;
import io.bindery.contracts.content.BranchOutcome;
import io.bindery.contracts.content.BranchPages;
import io.bindery.contracts.content.BranchResponse;
import io.bindery.contracts.content.ReadableSpacesResponse;
import io.bindery.contracts.content.SpaceAccessResponse;
import io.bindery.contracts.testing.ContractFixtures;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The consumer's side of content's internal answers: review reads the shared fixtures (which content's
 * InternalContractsTest checks its real answers against) as ContentClient does, into what its checks use.
 */
class ContentContractsTest {

    static SpaceAccess access(String fixture) {
        SpaceAccessResponse body = ContractFixtures.read(fixture, SpaceAccessResponse.class);
        return SpaceAccess.of(body, ContractFixtures.JSON.valueToTree(body.space().mergeRules()));
    }

    @Test
    void spaceAccessGivesTheSpaceTheRoleAndTheMergeRules() {
        SpaceAccess access = access("content/space-access");
        assertEquals("spc_contract", access.spaceId());
        assertEquals("org_contract", access.organizationId());
        assertEquals("Handbook", access.title());
        assertTrue(access.locked());
        assertEquals("rev_contract", access.revision());
        assertEquals(Role.REVIEW, access.role());
        JsonNode rule = access.mergeRules().path("rules").get(0);
        assertEquals("rules", access.mergeRules().path("type").asText());
        assertEquals("require_specific_reviewers", rule.path("rule").asText());
        assertEquals("usr_r", rule.path("users").get(0).asText());
    }

    @Test
    void aNullRoleMeansTheUserMayNotSeeTheSpace() {
        SpaceAccess access = access("content/space-access-no-role");
        assertNull(access.role());
        assertFalse(access.can(Role.READ));
        assertFalse(access.locked());
        assertTrue(access.mergeRules() == null || access.mergeRules().isNull(), "no rules");
    }

    @Test
    void readableSpacesAreIds() {
        assertEquals(List.of("spc_a", "spc_b"),
                ContractFixtures.read("content/readable-spaces", ReadableSpacesResponse.class).spaces());
    }

    @Test
    void aBranchGivesWhatAChangeRequestRecords() {
        BranchResponse branch = ContractFixtures.read("content/branch", BranchResponse.class);
        assertEquals("cr_contract", branch.id());
        assertEquals(3, branch.number());
        assertEquals("merged", branch.status());
        assertEquals("rev_head", branch.revision());
        assertEquals("rev_initial", branch.revisionInitial());
        assertEquals("rev_ancestor", branch.revisionMergedAncestor());
        assertEquals("rev_merged", branch.revisionMerged());
        assertFalse(branch.outdated());
    }

    @Test
    void anOutcomeGivesTheRevisionAndTheBranch() {
        BranchOutcome outcome = ContractFixtures.read("content/branch-outcome", BranchOutcome.class);
        assertEquals("rev_merged", outcome.revision());
        assertEquals("merge", outcome.result());
        assertEquals("rev_head", outcome.changeRequest().revision());
        assertEquals("rev_ancestor", outcome.changeRequest().revisionMergedAncestor());
    }

    @Test
    void pagesGiveTitleDepthAndMarkdown() {
        BranchPages.Page page = ContractFixtures.read("content/branch-pages", BranchPages.class).pages().get(0);
        assertEquals("Intro", page.title());
        assertEquals(0, page.depth());
        assertEquals("# Intro\n", page.markdown());
    }

    /** What review sends: the fixtures content's provider test posts to its internal branch API. */
    @Test
    void requestsAreWrittenAsTheFixtures() {
        assertEquals(ContractFixtures.tree("content/branch-create-request"),
                ContractFixtures.JSON.valueToTree(new BranchCreateRequest("cr_contract", "usr_contract", "tpl_contract", "Fix the intro")));
        assertEquals(ContractFixtures.tree("content/branch-create-request-no-template"),
                ContractFixtures.JSON.valueToTree(new BranchCreateRequest("cr_contract", "usr_contract", null, "Fix the intro")));
        assertEquals(ContractFixtures.tree("content/branch-merge-request"),
                ContractFixtures.JSON.valueToTree(new BranchMergeRequest("usr_contract", "Fix the intro", 2)));
    }
}
