package io.bindery.commons.config;

import io.quarkus.runtime.LaunchMode;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * In production a service refuses to start without its own secrets: the HMAC keys of signed download URLs
 * ({@code BINDERY_SIGNED_URL_SECRET}) and of list cursors ({@code BINDERY_CURSOR_SECRET}), and the secret with which
 * services obtain service tokens from identity for calls between them ({@code BINDERY_SERVICE_SECRET}). The built-in values
 * are public (they are in this repository), so a URL or cursor signed with them could be forged; they only
 * serve dev mode and tests. {@code ./platform up} generates random ones once, the Helm chart takes them from a
 * Secret. (The gateway does not take the commons beans: it signs nothing.) {@code bindery.secrets.required=false}
 * turns the check off.
 */
@Singleton
public class RequiredSecrets {
    /** The built-in values, refused in production. */
    public static final String BUILT_IN_SIGNED_URL_SECRET = "bindery-signed-url-secret";
    public static final String BUILT_IN_CURSOR_SECRET = "bindery-cursor-secret";
    static final int MIN_LENGTH = 16;

    @Inject
    BinderyServiceConfig config;

    /** Checks the secrets before the HTTP server opens (lists.CursorSecret hands the cursor key to PageCursor). */
    void check(@Observes StartupEvent event) {
        if (LaunchMode.current() != LaunchMode.NORMAL || !config.secrets().required()) {
            return;
        }
        List<String> problems = new ArrayList<>();
        problems.addAll(problem("BINDERY_SIGNED_URL_SECRET", "bindery.signed-url.secret", config.signedUrl().secret(), BUILT_IN_SIGNED_URL_SECRET));
        problems.addAll(problem("BINDERY_CURSOR_SECRET", "bindery.cursor.secret", config.cursor().secret(), BUILT_IN_CURSOR_SECRET));
        problems.addAll(problem("BINDERY_SERVICE_SECRET", "bindery.service-secret", config.serviceSecret(), ""));
        if (!problems.isEmpty()) {
            throw new IllegalStateException(String.join("; ", problems));
        }
    }

    static List<String> problem(String variable, String property, Optional<String> value, String builtIn) {
        if (value.isEmpty() || value.get().isBlank()) {
            return List.of(variable + " must be set (property " + property + "): a random secret of at least "
                    + MIN_LENGTH + " characters, the same on every replica");
        }
        if (value.get().equals(builtIn)) {
            return List.of(variable + " is the public built-in value: set a random secret of your own");
        }
        if (value.get().length() < MIN_LENGTH) {
            return List.of(variable + " is too short: at least " + MIN_LENGTH + " characters");
        }
        return List.of();
    }
}
