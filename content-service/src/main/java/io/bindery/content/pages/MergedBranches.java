package io.bindery.content.pages;

import java.util.Optional;

/**
 * The branch a revision was merged from, for its {@code mergedFrom}: implemented by the branches feature, which
 * sits above pages (its views are pages'), so pages asks through this instead of importing it.
 */
public interface MergedBranches {
    Optional<BranchState> mergedBranch(String branchId);
}
