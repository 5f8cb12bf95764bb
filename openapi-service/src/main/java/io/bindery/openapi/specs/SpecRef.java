package io.bindery.openapi.specs;

/**
 * What other features (versions, the published files) need of a spec: a copy, so that the row
 * ({@link OpenApiSpec}) stays inside this package.
 *
 * @param lastVersion the id of its latest version; null: none yet
 */
public record SpecRef(String id, String organizationId, String slug, SpecVisibility visibility, String lastVersion) {

    static SpecRef of(OpenApiSpec row) {
        return new SpecRef(row.id, row.organizationId, row.slug, row.visibility, row.lastVersion);
    }
}
