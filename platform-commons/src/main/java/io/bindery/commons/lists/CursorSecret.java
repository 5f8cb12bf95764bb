package io.bindery.commons.lists;

import io.bindery.commons.config.BinderyServiceConfig;
import io.bindery.commons.config.RequiredSecrets;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

/**
 * Hands the configured cursor secret to {@link PageCursor}, a static helper that plain code uses too.
 * StartupEvent observers run before the HTTP server opens, so no cursor is signed with another key. It lives
 * here, not in config, so that config depends on nothing else in commons.
 */
@Singleton
public class CursorSecret {
    void apply(@Observes StartupEvent event, BinderyServiceConfig config) {
        PageCursor.useSecret(config.cursor().secret().orElse(RequiredSecrets.BUILT_IN_CURSOR_SECRET));
    }
}
