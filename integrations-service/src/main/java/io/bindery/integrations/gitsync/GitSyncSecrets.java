package io.bindery.integrations.gitsync;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.errors.ApiException;
import io.bindery.integrations.config.IntegrationsConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;

/**
 * What a synced space keeps secret, sealed with AES-GCM under {@code bindery.git-sync.credentials-key}: stored as
 * IV (12 bytes) + ciphertext, with the space id as associated data so a row's secrets cannot be moved to another.
 */
@ApplicationScoped
public class GitSyncSecrets {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int IV_BYTES = 12;

    @Inject
    IntegrationsConfig config;
    @Inject
    ObjectMapper json;

    /**
     * The repository's credentials (a username and password or token, or none) and the secret webhooks are verified
     * with. No user's API token: the sync acts for the member who set it up through the internal APIs, so a sealed
     * record of an earlier version that still holds one has it ignored.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Secrets(String username, String password, String webhookSecret, String sshPrivateKey,
                          java.util.List<String> sshHostKeys) {
        public Secrets(String username, String password, String webhookSecret) {
            this(username, password, webhookSecret, null, null);
        }

        /** The repository at {@code url} with these credentials (and the SSH host keys pinned, not secret but kept with them). */
        RemoteRepository remote(String url) {
            return new RemoteRepository(url, username, password, sshPrivateKey, sshHostKeys);
        }

        @Override
        public String toString() {
            return "Secrets[***]";
        }
    }

    /** A new random webhook secret (32 bytes, hex). */
    static String newWebhookSecret() {
        byte[] b = new byte[32];
        RANDOM.nextBytes(b);
        return java.util.HexFormat.of().formatHex(b);
    }

    /** 503 when no key is configured: continuous sync is then unavailable, one-off operations still work. */
    void requireKey() {
        key();
    }

    byte[] seal(String spaceId, Secrets secrets) {
        try {
            byte[] iv = new byte[IV_BYTES];
            RANDOM.nextBytes(iv);
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, key(), new GCMParameterSpec(128, iv));
            cipher.updateAAD(spaceId.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            byte[] sealed = cipher.doFinal(json.writeValueAsBytes(secrets));
            return ByteBuffer.allocate(IV_BYTES + sealed.length).put(iv).put(sealed).array();
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("could not encrypt the Git Sync secrets", e);
        }
    }

    Secrets open(String spaceId, byte[] sealed) {
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, key(), new GCMParameterSpec(128, sealed, 0, IV_BYTES));
            cipher.updateAAD(spaceId.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            return json.readValue(cipher.doFinal(sealed, IV_BYTES, sealed.length - IV_BYTES), Secrets.class);
        } catch (GeneralSecurityException | IOException e) {
            // a changed key: the sync must be set up again (PUT), which seals them anew
            throw new GitRepositories.GitFailure("the Git Sync credentials cannot be read with the configured key;"
                    + " set the sync up again");
        }
    }

    /** The AES-256 key: SHA-256 of the configured secret, so any long random string serves (helm's, the script's). */
    private SecretKeySpec key() {
        String text = config.gitSync().credentialsKey().map(String::trim).filter(k -> !k.isEmpty())
                .orElseThrow(() -> ApiException.unavailable(
                        "continuous Git Sync is not configured on this server (bindery.git-sync.credentials-key)"));
        if (text.length() < 32) {
            throw new IllegalStateException("bindery.git-sync.credentials-key must be at least 32 characters");
        }
        try {
            return new SecretKeySpec(java.security.MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)), "AES");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
