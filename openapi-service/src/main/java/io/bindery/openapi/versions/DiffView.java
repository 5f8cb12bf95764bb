package io.bindery.openapi.versions;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * What changed from version {@code against} to version {@code version} (Bindery's own; GitBook has no diff):
 * operations and named schemas added, removed and changed. {@code breaking} is true when a client of
 * {@code against} may fail against {@code version}: an operation removed, a parameter newly required, a response
 * whose media type or schema shape changed (or a success response removed).
 */
public record DiffView(String object, String version, String against, boolean breaking, int breakingChanges,
                       Operations operations, Schemas schemas) {

    public record Operations(List<OperationChange> added, List<OperationChange> removed, List<OperationChange> changed) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record OperationChange(String method, String path, String operationId, boolean breaking,
                                  List<Change> changes) {
    }

    /** One change of an operation: its kind, what changed, whether it breaks clients. */
    public record Change(String kind, String message, boolean breaking) {
    }

    public record Schemas(List<String> added, List<String> removed, List<String> changed) {
    }
}
