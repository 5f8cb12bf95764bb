package io.bindery.review.changerequests;

import io.bindery.commons.errors.ApiException;
import org.junit.jupiter.api.Test;

import java.util.Set;

import static io.bindery.review.changerequests.ChangeRequestStatus.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ChangeRequestStatusTest {
    @Test
    void patchMovesBetweenDraftOpenAndArchivedOnly() {
        assertEquals(Set.of(OPEN, ARCHIVED), DRAFT.patchTargets());
        assertEquals(Set.of(DRAFT, ARCHIVED), OPEN.patchTargets());
        assertEquals(Set.of(DRAFT, OPEN), ARCHIVED.patchTargets());
        assertEquals(Set.of(), MERGED.patchTargets());
        for (ChangeRequestStatus s : values()) {
            // merged is reached by merging, never by a PATCH
            assertEquals(false, s.patchTargets().contains(MERGED));
        }
    }

    @Test
    void parsesWireValuesAndRefusesOthers() {
        assertEquals(ARCHIVED, parse("status", "archived"));
        ApiException e = assertThrows(ApiException.class, () -> parse("status", "closed"));
        assertEquals(400, e.status());
        assertThrows(ApiException.class, () -> parse("status", "OPEN"));
    }
}
