package io.bindery.review.client;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Role;
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
}
