package io.bindery.integrations.integrations;

/**
 * What other features (installations, events) need of an integration: who owns it, who may install it and where.
 * A copy, so that the row ({@link Integration}) stays inside this package.
 */
public record IntegrationRef(String name, String ownerId, String visibility, String target) {

    static IntegrationRef of(Integration row) {
        return new IntegrationRef(row.name, row.ownerId, row.visibility, row.target);
    }
}
