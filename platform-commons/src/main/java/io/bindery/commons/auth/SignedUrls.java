package io.bindery.commons.auth;

import jakarta.inject.Inject;
import io.bindery.commons.errors.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.MultivaluedMap;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * URLs that work without a token for a while: a download link handed to a caller who could read the resource,
 * to open in a browser. The query carries {@code expires} (epoch seconds) and {@code signature}, an HMAC-SHA256
 * over the path, the other query parameters (sorted) and the expiry, keyed by {@code bindery.signed-url.secret}
 * (set the same secret on every replica of a service). Only paths matching {@code bindery.auth.signed-paths} may
 * skip the token, and their resource must call {@link #verify} when the caller has none.
 */
@ApplicationScoped
public class SignedUrls {
    static final String SIGNATURE = "signature";
    static final String EXPIRES = "expires";

    /** Set in production (RequiredSecrets refuses to start without it); the built-in value serves dev and tests. */
    String secret;
    Duration ttl;
    Optional<String> signedPaths;

    /** From the one typed configuration of commons (a bad value stops the start-up, naming the key). */
    @Inject
    void configure(io.bindery.commons.config.BinderyServiceConfig config) {
        secret = config.signedUrl().secret().orElse(io.bindery.commons.config.RequiredSecrets.BUILT_IN_SIGNED_URL_SECRET);
        ttl = config.signedUrl().ttl();
        signedPaths = config.auth().signedPaths();
    }

    private volatile Pattern pattern;

    /** Whether a request without a token may go on to its resource, which then verifies the signature. */
    boolean mayPassUnsigned(String path, MultivaluedMap<String, String> query) {
        return signedPaths.isPresent() && query.containsKey(SIGNATURE) && pattern().matcher(path).matches();
    }

    /** {@code path} (e.g. /v1/spaces/…/pdf/download) and its query parameters, signed: the query string to append. */
    public String sign(String path, Map<String, String> params) {
        long expires = Instant.now().plus(ttl).getEpochSecond();
        TreeMap<String, String> sorted = new TreeMap<>(params);
        sorted.put(EXPIRES, Long.toString(expires));
        StringBuilder query = new StringBuilder();
        sorted.forEach((k, v) -> query.append(query.isEmpty() ? "" : "&").append(k).append('=')
                .append(java.net.URLEncoder.encode(v, StandardCharsets.UTF_8)));
        return query + "&" + SIGNATURE + "=" + mac(path, sorted);
    }

    /** Checks a signed request: 401 when the signature is missing, wrong or expired. */
    public void verify(String path, MultivaluedMap<String, String> query) {
        String signature = query.getFirst(SIGNATURE);
        String expires = query.getFirst(EXPIRES);
        if (signature == null || expires == null) {
            throw ApiException.unauthorized("missing bearer token or signature");
        }
        TreeMap<String, String> sorted = new TreeMap<>();
        query.forEach((k, v) -> {
            if (!k.equals(SIGNATURE) && !v.isEmpty()) {
                sorted.put(k, v.get(0));
            }
        });
        byte[] expected = mac(path, sorted).getBytes(StandardCharsets.US_ASCII);
        if (!MessageDigest.isEqual(expected, signature.getBytes(StandardCharsets.US_ASCII))) {
            throw ApiException.unauthorized("invalid signature");
        }
        long until;
        try {
            until = Long.parseLong(expires);
        } catch (NumberFormatException e) {
            throw ApiException.unauthorized("invalid signature");
        }
        if (Instant.now().getEpochSecond() > until) {
            throw ApiException.unauthorized("this signed URL has expired; ask for a new one");
        }
    }

    private String mac(String path, TreeMap<String, String> params) {
        StringBuilder payload = new StringBuilder(path);
        params.forEach((k, v) -> payload.append('\n').append(k).append('=').append(v));
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(mac.doFinal(payload.toString().getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private Pattern pattern() {
        Pattern p = pattern;
        if (p == null) {
            p = Pattern.compile(signedPaths.orElseThrow());
            pattern = p;
        }
        return p;
    }
}
