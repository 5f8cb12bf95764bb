package io.bindery.integrations.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * integrations-service's own configuration (the keys every service shares are commons' BinderyServiceConfig); a
 * wrong value stops the start-up, naming the key.
 */
@ConfigMapping(prefix = "bindery")
public interface IntegrationsConfig {

    Consumers consumers();

    interface Consumers {
        IdentityOrganizations identityOrganizations();
    }

    interface IdentityOrganizations {
        /** False: organizations published by identity are not recorded (publishing then finds no organization). */
        @WithDefault("true")
        boolean enabled();
    }
}
