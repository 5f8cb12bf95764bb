package io.bindery.integrations.organizations;

/**
 * An organization as identity last published it, as other features read it: a copy, so that the row
 * ({@link OrganizationView}) stays inside this package.
 *
 * @param data its public Organization object (JSON), without permissions
 */
public record Organization(String id, String hostname, String data) {

    static Organization of(OrganizationView row) {
        return new Organization(row.id, row.hostname, row.data);
    }
}
