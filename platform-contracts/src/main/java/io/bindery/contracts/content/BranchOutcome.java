package io.bindery.contracts.content;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * The answer of a branch update ({@code result: "update"}) or merge ({@code result: "merge"}): GitBook's
 * {@code {revision, result}} plus the branch after it.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record BranchOutcome(String revision, String result, BranchResponse changeRequest) {
}
