package io.bindery.integrations.delivery;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;

/**
 * {@code X-Bindery-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">}, keyed with the integration's
 * signing secret (its UTF-8 bytes, {@code whsec_} prefix included), as the README's verification example computes it.
 */
public final class Signatures {
    public static final String HEADER = "X-Bindery-Signature";

    private Signatures() {
    }

    public static String header(String secret, long unixSeconds, byte[] body) {
        return "t=" + unixSeconds + ",v1=" + hmac(secret, unixSeconds, body);
    }

    public static String hmac(String secret, long unixSeconds, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update((unixSeconds + ".").getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(mac.doFinal(body));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 unavailable", e);
        }
    }
}
