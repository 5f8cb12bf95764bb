package io.bindery.commons.config;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RequiredSecretsTest {
    @Test
    void aMissingBuiltInOrShortSecretIsRefusedNamingTheVariable() {
        assertTrue(RequiredSecrets.problem("BINDERY_CURSOR_SECRET", "bindery.cursor.secret", Optional.empty(), "x")
                .get(0).startsWith("BINDERY_CURSOR_SECRET must be set"));
        assertTrue(RequiredSecrets.problem("BINDERY_SIGNED_URL_SECRET", "p", Optional.of(RequiredSecrets.BUILT_IN_SIGNED_URL_SECRET),
                RequiredSecrets.BUILT_IN_SIGNED_URL_SECRET).get(0).contains("public built-in value"));
        assertTrue(RequiredSecrets.problem("V", "p", Optional.of("short"), "x").get(0).contains("too short"));
        assertEquals(0, RequiredSecrets.problem("V", "p", Optional.of("a-random-secret-of-32-characters"), "x").size());
    }
}
