package io.bindery.sites.site;

import java.security.SecureRandom;
import java.util.Base64;

/** A site's visitor key (the HS256 secret of its visitor tokens, see published.VisitorAuth): 32 random bytes, base64url. */
public final class VisitorKeys {
    private static final SecureRandom RANDOM = new SecureRandom();

    private VisitorKeys() {
    }

    public static String newKey() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
