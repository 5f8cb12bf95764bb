package io.bindery.gateway.docs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.gateway.routing.RouteTable;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ApiDocumentMergerTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static final RouteTable ROUTES = RouteTable.compile(List.of("/orgs/{o} identity", "/orgs/{o}/spaces content",
            "/spaces/** content", "/orgs/{o}/sites/** sites"));

    static JsonNode json(String text) throws Exception {
        return JSON.readTree(text.replace('\'', '"'));
    }

    @Test
    void eachRoutedOperationComesOnceFromTheServiceItIsRoutedTo() throws Exception {
        JsonNode identity = json("""
                {'openapi':'3.1.0','paths':{
                  '/v1/orgs/{organizationId}':{'get':{'tags':['Organizations'],'responses':{'200':{'content':{'application/json':{'schema':{'$ref':'#/components/schemas/Thing'}}}}}}},
                  '/v1/orgs/{organizationId}/spaces':{'get':{'responses':{}}},
                  '/internal/orgs/{o}/member-views':{'post':{'responses':{}}}},
                 'components':{'schemas':{'Thing':{'type':'object','properties':{'a':{'type':'string'}}},'Same':{'type':'string'}}}}""");
        JsonNode content = json("""
                {'openapi':'3.1.0','paths':{
                  '/v1/orgs/{organizationId}/spaces':{'get':{'responses':{'200':{'content':{'application/json':{'schema':{'$ref':'#/components/schemas/Thing'}}}}}},
                                                     'post':{'responses':{}}},
                  '/v1/spaces/{spaceId}':{'parameters':[{'name':'spaceId','in':'path','required':true}],'get':{'tags':['Spaces'],'responses':{}}}},
                 'components':{'schemas':{'Thing':{'type':'object','properties':{'b':{'type':'integer'}}},'Same':{'type':'string'}}}}""");
        JsonNode merged = ApiDocumentMerger.merge(Map.of("identity", identity, "content", content), ROUTES, "1.2.3");

        assertEquals("3.1.0", merged.path("openapi").asText());
        assertEquals("1.2.3", merged.path("info").path("version").asText());
        JsonNode paths = merged.path("paths");
        assertEquals("identity", paths.path("/v1/orgs/{organizationId}").path("get").path("x-bindery-service").asText());
        // identity documents the spaces list too, but the gateway routes it to content: content's comes, once
        assertEquals("content", paths.path("/v1/orgs/{organizationId}/spaces").path("get").path("x-bindery-service").asText());
        assertEquals("content", paths.path("/v1/orgs/{organizationId}/spaces").path("post").path("x-bindery-service").asText());
        assertTrue(paths.path("/v1/spaces/{spaceId}").has("parameters"));
        assertFalse(paths.has("/internal/orgs/{o}/member-views"), "internal paths are not the API");
        // two different schemas of one name: the later service's is renamed and its references follow
        JsonNode schemas = merged.path("components").path("schemas");
        assertTrue(schemas.path("Thing").path("properties").has("a"));
        assertTrue(schemas.path("content.Thing").path("properties").has("b"));
        assertTrue(schemas.has("Same") && !schemas.has("content.Same"));
        assertEquals("#/components/schemas/content.Thing", paths.path("/v1/orgs/{organizationId}/spaces").path("get")
                .path("responses").path("200").path("content").path("application/json").path("schema").path("$ref").asText());
        assertEquals("#/components/schemas/Thing", paths.path("/v1/orgs/{organizationId}").path("get")
                .path("responses").path("200").path("content").path("application/json").path("schema").path("$ref").asText());
        assertEquals(List.of("Organizations", "Spaces"), merged.path("tags").findValuesAsText("name"));
        // sites did not answer: said, not hidden
        assertEquals("sites", merged.path("x-bindery-unavailable").path(0).asText());
    }
}
