package io.bindery.integrations.gitsync;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.errors.ApiException;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Locale;
import java.util.function.Function;

/**
 * The push webhooks of GitHub, GitLab, Gitea and Forgejo: how each signs a delivery and says it is a push. Compared
 * in constant time.
 */
final class GitWebhooks {
    private GitWebhooks() {
    }

    /** 401 unless the delivery carries a signature (or token) made with {@code secret}. */
    static void verify(Function<String, String> header, byte[] body, String secret) {
        String github = header.apply("X-Hub-Signature-256");
        String gitea = header.apply("X-Gitea-Signature");
        if (gitea == null) {
            gitea = header.apply("X-Forgejo-Signature");
        }
        String gitlab = header.apply("X-Gitlab-Token");
        boolean ok;
        if (github != null) {
            ok = equal(github.trim().toLowerCase(Locale.ROOT), "sha256=" + hmac(secret, body));
        } else if (gitea != null) {
            ok = equal(gitea.trim().toLowerCase(Locale.ROOT), hmac(secret, body));
        } else if (gitlab != null) {
            ok = equal(gitlab, secret);
        } else {
            throw ApiException.unauthorized("the webhook is not signed: X-Hub-Signature-256 (GitHub), X-Gitlab-Token"
                    + " (GitLab) or X-Gitea-Signature (Gitea, Forgejo) is required");
        }
        if (!ok) {
            throw ApiException.unauthorized("the webhook's signature does not match this space's webhook secret");
        }
    }

    /** Whether the delivery is a push (a ping or any other event is not). */
    static boolean isPush(Function<String, String> header) {
        String event = first(header, "X-GitHub-Event", "X-Gitea-Event", "X-Forgejo-Event", "X-Gogs-Event",
                "X-Gitlab-Event");
        return event != null && (event.equalsIgnoreCase("push") || event.equalsIgnoreCase("Push Hook"));
    }

    /** The pushed ref of a push event ({@code ref}, as all three send it); 400 when the body is not one. */
    static String ref(ObjectMapper json, byte[] body) {
        try {
            JsonNode node = json.readTree(body);
            if (node == null || !node.path("ref").isTextual()) {
                throw ApiException.badRequest("the push event has no ref");
            }
            return node.get("ref").asText();
        } catch (IOException e) {
            throw ApiException.badRequest("the push event is not JSON");
        }
    }

    private static String first(Function<String, String> header, String... names) {
        for (String n : names) {
            String v = header.apply(n);
            if (v != null) {
                return v;
            }
        }
        return null;
    }

    static String hmac(String secret, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(body));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean equal(String a, String b) {
        return MessageDigest.isEqual(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }
}
