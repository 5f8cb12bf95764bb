package io.bindery.sites.sitespaces;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.errors.ApiException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    /** GitBook 0.202.0's template and pageId are not implemented: type-checked (400 naming them), then ignored. */
    @Test
    void templateAndPageIdOfTheWrongTypeAreRefused() throws Exception {
        for (String body : new String[]{"{\"spaceId\":\"sp1\",\"template\":12345}", "{\"spaceId\":\"sp1\",\"template\":\"t\"}",
                "{\"spaceId\":\"sp1\",\"pageId\":12345}", "{\"spaceId\":\"sp1\",\"pageId\":{}}"}) {
            ApiException e = assertThrows(ApiException.class, () -> SiteSpaceRequests.Add.from(JSON.readTree(body)), body);
            assertEquals(400, e.status(), body);
            assertTrue(e.getMessage().contains(body.contains("template") ? "template" : "pageId"), e.getMessage());
        }
        assertEquals("sp1", SiteSpaceRequests.Add.from(JSON.readTree("{\"spaceId\":\"sp1\",\"pageId\":\"p1\"}")).spaceId());
        assertEquals("sp1", SiteSpaceRequests.Add.from(JSON.readTree("{\"spaceId\":\"sp1\",\"pageId\":null,\"template\":null}")).spaceId());
    }
}
