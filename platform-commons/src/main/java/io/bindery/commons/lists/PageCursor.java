package io.bindery.commons.lists;

import io.bindery.commons.errors.ApiException;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;

/**
 * Opaque keyset cursor: the sort key values of the last item shown, signed so that a tampered cursor
 * is refused with 400 instead of silently paging from a random place. Format:
 * base64url(values joined by U+001F) "." base64url(first 12 bytes of HMAC-SHA256).
 */
public final class PageCursor {
    private static final char SEPARATOR = '\u001f';
    private static final Base64.Encoder ENC = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DEC = Base64.getUrlDecoder();
    static final String INVALID = "page: invalid page cursor";
    private static volatile byte[] secret =
            io.bindery.commons.config.RequiredSecrets.BUILT_IN_CURSOR_SECRET.getBytes(StandardCharsets.UTF_8);

    private PageCursor() {
    }

    public static String encode(List<String> values) {
        for (String v : values) {
            if (v == null || v.indexOf(SEPARATOR) >= 0) {
                throw new IllegalArgumentException("cursor values must be non-null and free of U+001F");
            }
        }
        byte[] payload = String.join(String.valueOf(SEPARATOR), values).getBytes(StandardCharsets.UTF_8);
        return ENC.encodeToString(payload) + "." + ENC.encodeToString(sign(payload));
    }

    /** Decodes a cursor that must hold {@code expectedValues} values; anything else is a 400 naming `page`. */
    public static List<String> decode(String cursor, int expectedValues) {
        ApiException invalid = ApiException.badRequest(INVALID);
        if (cursor == null || cursor.length() > 4096) {
            throw invalid;
        }
        int dot = cursor.indexOf('.');
        if (dot <= 0) {
            throw invalid;
        }
        try {
            byte[] payload = DEC.decode(cursor.substring(0, dot));
            byte[] mac = DEC.decode(cursor.substring(dot + 1));
            if (!MessageDigest.isEqual(mac, sign(payload))) {
                throw invalid;
            }
            List<String> values = new ArrayList<>(Arrays.asList(
                    new String(payload, StandardCharsets.UTF_8).split(String.valueOf(SEPARATOR), -1)));
            if (values.size() != expectedValues) {
                throw invalid;
            }
            return values;
        } catch (IllegalArgumentException e) {
            throw invalid;
        }
    }

    private static byte[] sign(byte[] payload) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret(), "HmacSHA256"));
            return Arrays.copyOf(mac.doFinal(payload), 12);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Sets the signing key: a service's start-up does it from {@code bindery.cursor.secret} (see
     * {@link io.bindery.commons.config.RequiredSecrets}); until then, as in plain unit tests, the built-in key signs.
     */
    public static void useSecret(String configured) {
        secret = configured.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] secret() {
        return secret;
    }
}
