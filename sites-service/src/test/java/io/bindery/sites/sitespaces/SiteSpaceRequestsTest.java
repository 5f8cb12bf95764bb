package io.bindery.sites.sitespaces;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.errors.ApiException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** GitBook's template is for the new space of a null spaceId: beside an existing space it plays no part (issue 28 sweep). */
class SiteSpaceRequestsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aTemplateBesideASpaceAddsThatSpace() throws Exception {
        var add = SiteSpaceRequests.Add.from(JSON.readTree("{\"spaceId\":\"sp1\",\"template\":{\"id\":\"t\"}}"));
        assertEquals("sp1", add.spaceId());
        ApiException e = assertThrows(ApiException.class,
                () -> SiteSpaceRequests.Add.from(JSON.readTree("{\"spaceId\":null,\"template\":{\"id\":\"t\"}}")));
        assertEquals(501, e.status());
    }
}
