package io.bindery.integrations.targets;

import io.bindery.contracts.integrations.IntegrationsEventTypes;

/** What an installation can hold besides the organization: spaces and sites, alike but for names. */
public enum TargetKind {
    SPACE("space", "space", "spaces", "space_source", IntegrationsEventTypes.SPACE_INSTALLATION_CREATED,
            IntegrationsEventTypes.SPACE_INSTALLATION_UPDATED, IntegrationsEventTypes.SPACE_INSTALLATION_DELETED),
    SITE("site", "siteId", "sites", "site_source", IntegrationsEventTypes.SITE_INSTALLATION_CREATED,
            IntegrationsEventTypes.SITE_INSTALLATION_UPDATED, IntegrationsEventTypes.SITE_INSTALLATION_DELETED);

    /** As stored (target_installation.kind) and as GitBook names the field ({@code space}, {@code site}). */
    public final String wire;
    /** The field naming the target in GitBook's body of {@code POST …/installations/{id}/spaces|sites}. */
    public final String field;
    public final String plural;
    /** The projection that knows these targets' organization and object. */
    public final String sourceTable;
    public final String created;
    public final String updated;
    public final String deleted;

    TargetKind(String wire, String field, String plural, String sourceTable, String created, String updated, String deleted) {
        this.wire = wire;
        this.field = field;
        this.plural = plural;
        this.sourceTable = sourceTable;
        this.created = created;
        this.updated = updated;
        this.deleted = deleted;
    }


    /** The integration targets that may be installed on this kind. */
    public boolean installableFor(String integrationTarget) {
        return integrationTarget.equals("all") || integrationTarget.equals(wire);
    }
}
