package io.bindery.contracts.integrations;

import java.util.Map;

/**
 * The CloudEvent types integrations-service publishes on {@value #TOPIC} (documented in its asyncapi.yaml), each
 * keyed by the integration's name: the integration as {@link IntegrationData} (never its script, secrets or signing
 * secret), an installation as {@link InstallationData}, a space or site installation as
 * {@link TargetInstallationData}, the development tunnel as {@link DevModeData}; and Git Sync's operations of a
 * space as {@link GitSyncData}, keyed by the space's id.
 */
public final class IntegrationsEventTypes {
    public static final String TOPIC = "bindery.integrations.events";

    /** A first publish or a new version (republish). */
    public static final String INTEGRATION_PUBLISHED = "bindery.integration.published.v1";
    public static final String INTEGRATION_DELETED = "bindery.integration.deleted.v1";
    public static final String INSTALLATION_CREATED = "bindery.integration.installation.created.v1";
    public static final String INSTALLATION_UPDATED = "bindery.integration.installation.updated.v1";
    public static final String INSTALLATION_DELETED = "bindery.integration.installation.deleted.v1";
    public static final String SPACE_INSTALLATION_CREATED = "bindery.integration.space-installation.created.v1";
    public static final String SPACE_INSTALLATION_UPDATED = "bindery.integration.space-installation.updated.v1";
    public static final String SPACE_INSTALLATION_DELETED = "bindery.integration.space-installation.deleted.v1";
    public static final String SITE_INSTALLATION_CREATED = "bindery.integration.site-installation.created.v1";
    public static final String SITE_INSTALLATION_UPDATED = "bindery.integration.site-installation.updated.v1";
    public static final String SITE_INSTALLATION_DELETED = "bindery.integration.site-installation.deleted.v1";
    public static final String DEV_MODE_UPDATED = "bindery.integration.dev-mode.updated.v1";
    /** A Git Sync operation (import or export) of a space started. */
    public static final String GIT_SYNC_STARTED = "bindery.git-sync.started.v1";
    /** A Git Sync operation of a space ended: success, failure or timeout. */
    public static final String GIT_SYNC_COMPLETED = "bindery.git-sync.completed.v1";
    /** A space's continuous sync was stopped ({@code DELETE git/sync}): {@code synced} false. */
    public static final String GIT_SYNC_STOPPED = "bindery.git-sync.stopped.v1";

    /** Each type's data record. */
    public static final Map<String, Class<?>> PAYLOADS = Map.ofEntries(
            Map.entry(INTEGRATION_PUBLISHED, IntegrationData.class), Map.entry(INTEGRATION_DELETED, IntegrationData.class),
            Map.entry(INSTALLATION_CREATED, InstallationData.class), Map.entry(INSTALLATION_UPDATED, InstallationData.class),
            Map.entry(INSTALLATION_DELETED, InstallationData.class),
            Map.entry(SPACE_INSTALLATION_CREATED, TargetInstallationData.class),
            Map.entry(SPACE_INSTALLATION_UPDATED, TargetInstallationData.class),
            Map.entry(SPACE_INSTALLATION_DELETED, TargetInstallationData.class),
            Map.entry(SITE_INSTALLATION_CREATED, TargetInstallationData.class),
            Map.entry(SITE_INSTALLATION_UPDATED, TargetInstallationData.class),
            Map.entry(SITE_INSTALLATION_DELETED, TargetInstallationData.class),
            Map.entry(DEV_MODE_UPDATED, DevModeData.class),
            Map.entry(GIT_SYNC_STARTED, GitSyncData.class), Map.entry(GIT_SYNC_COMPLETED, GitSyncData.class),
            Map.entry(GIT_SYNC_STOPPED, GitSyncData.class));

    private IntegrationsEventTypes() {
    }
}
