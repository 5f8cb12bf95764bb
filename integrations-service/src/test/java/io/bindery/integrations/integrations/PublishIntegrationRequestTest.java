package io.bindery.integrations.integrations;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.errors.ApiException;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PublishIntegrationRequestTest {
    static final ObjectMapper JSON = new ObjectMapper();

    static PublishIntegrationRequest parse(String json) throws Exception {
        return PublishIntegrationRequest.from(JSON.readTree(json));
    }

    @Test
    void defaultsAndKeptApartFields() throws Exception {
        PublishIntegrationRequest r = parse("""
                {"organization":"o","title":"Tt","description":"d","script":"s","scopes":["openapi:read","openapi:read"],
                 "secrets":{"A":"b"}}""");
        assertEquals("private", r.definition().get("visibility").asText());
        assertEquals("all", r.definition().get("target").asText());
        assertEquals(1, r.definition().get("scopes").size());
        assertEquals(Map.of("A", "b"), r.secrets());
        assertEquals("s", r.script());
        assertFalse(r.definition().has("secrets"));
        assertFalse(r.definition().has("script"));
        assertFalse(r.rotateSigningSecret());
    }

    @Test
    void imagesAreRecognisedByTheirBytes() {
        assertEquals("image/png", PublishIntegrationRequest.imageType(new byte[]{(byte) 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A}));
        assertEquals("image/jpeg", PublishIntegrationRequest.imageType(new byte[]{(byte) 0xFF, (byte) 0xD8, (byte) 0xFF, 0}));
        assertEquals("image/gif", PublishIntegrationRequest.imageType("GIF89a".getBytes(StandardCharsets.US_ASCII)));
        assertEquals("image/webp", PublishIntegrationRequest.imageType("RIFF0000WEBPVP8 ".getBytes(StandardCharsets.US_ASCII)));
        assertEquals("image/svg+xml", PublishIntegrationRequest.imageType("<?xml version=\"1.0\"?><svg/>".getBytes(StandardCharsets.UTF_8)));
        assertNull(PublishIntegrationRequest.imageType("<html></html>".getBytes(StandardCharsets.UTF_8)));
        String gif = Base64.getEncoder().encodeToString("GIF89a".getBytes(StandardCharsets.US_ASCII));
        assertTrue(PublishIntegrationRequest.image("icon", "data:image/gif;base64," + gif).startsWith("data:image/gif;base64,"));
        assertThrows(ApiException.class, () -> PublishIntegrationRequest.image("icon", "data:image/gif," + gif));
    }

    @Test
    void namesFollowThePattern() {
        PublishIntegrationRequest.checkName("a-b_c.d9");
        assertThrows(ApiException.class, () -> PublishIntegrationRequest.checkName("a b"));
        assertThrows(ApiException.class, () -> PublishIntegrationRequest.checkName("a/b"));
        assertThrows(ApiException.class, () -> PublishIntegrationRequest.checkName("x".repeat(101)));
    }

    @Test
    void aConfigurationSchemaWithoutTypeIsAnObject() throws Exception {
        // GitBook's IntegrationConfigurationSchema requires only properties; real manifests leave type out
        PublishIntegrationRequest r = parse("""
                {"organization":"o","title":"Tt","description":"d","script":"s","scopes":[],"configurations":{"space":{"properties":{"token":{"type":"string",
                 "title":"Token"}},"required":["token"]}}}""");
        assertEquals("token", r.definition().get("configurations").get("space").get("required").get(0).asText());
        assertEquals("configurations.space must be a JSON Schema of type object", assertThrows(ApiException.class, () -> parse("""
                {"organization":"o","title":"Tt","description":"d","script":"s","scopes":[],"configurations":{"space":{"type":"array","properties":{}}}}""")).getMessage());
        assertEquals("configurations.space must be a JSON Schema of type object", assertThrows(ApiException.class, () -> parse("""
                {"organization":"o","title":"Tt","description":"d","script":"s","scopes":[],"configurations":{"space":{"type":"string"}}}""")).getMessage());
        assertEquals("configurations.space.properties must be an object", assertThrows(ApiException.class, () -> parse("""
                {"organization":"o","title":"Tt","description":"d","script":"s","scopes":[],"configurations":{"space":{}}}""")).getMessage());
    }
}
