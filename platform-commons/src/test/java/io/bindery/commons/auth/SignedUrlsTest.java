package io.bindery.commons.auth;

import io.bindery.commons.errors.ApiException;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import org.junit.jupiter.api.Test;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SignedUrlsTest {
    static final String PATH = "/v1/spaces/s1/change-requests/c1/pdf/download";

    static SignedUrls urls(String secret, Duration ttl) {
        SignedUrls s = new SignedUrls();
        s.secret = secret;
        s.ttl = ttl;
        s.signedPaths = Optional.of("/v1/spaces/[^/]+/change-requests/[^/]+/pdf/download");
        return s;
    }

    static MultivaluedMap<String, String> query(String query) {
        MultivaluedMap<String, String> map = new MultivaluedHashMap<>();
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            map.add(pair.substring(0, eq), URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return map;
    }

    @Test
    void aSignedQueryVerifiesForItsPathOnly() {
        SignedUrls s = urls("k1", Duration.ofHours(1));
        String q = s.sign(PATH, Map.of("page", "p 1"));
        assertDoesNotThrow(() -> s.verify(PATH, query(q)));
        assertEquals(401, assertThrows(ApiException.class, () -> s.verify(PATH.replace("c1", "c2"), query(q))).status());
        assertEquals(401, assertThrows(ApiException.class, () -> s.verify(PATH, query(q.replace("page=p", "page=q")))).status());
        assertEquals(401, assertThrows(ApiException.class, () -> urls("k2", Duration.ofHours(1)).verify(PATH, query(q))).status());
        assertEquals(401, assertThrows(ApiException.class, () -> s.verify(PATH, query("page=x"))).status());
    }

    @Test
    void expiredSignaturesAreRefused() {
        SignedUrls s = urls("k1", Duration.ofSeconds(-5));
        String q = s.sign(PATH, Map.of());
        ApiException e = assertThrows(ApiException.class, () -> s.verify(PATH, query(q)));
        assertTrue(e.getMessage().contains("expired"), e.getMessage());
    }

    @Test
    void onlyConfiguredPathsWithASignatureSkipTheToken() {
        SignedUrls s = urls("k1", Duration.ofHours(1));
        assertTrue(s.mayPassUnsigned(PATH, query("signature=x")));
        assertFalse(s.mayPassUnsigned(PATH, query("page=x")));
        assertFalse(s.mayPassUnsigned("/v1/spaces/s1/change-requests/c1", query("signature=x")));
        SignedUrls none = urls("k1", Duration.ofHours(1));
        none.signedPaths = Optional.empty();
        assertFalse(none.mayPassUnsigned(PATH, query("signature=x")));
    }
}
