package io.bindery.content.branches;

import io.bindery.commons.errors.ApiException;
import io.bindery.content.pages.BranchState;
import io.bindery.content.pages.MergedBranches;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Optional;

/** Finds change requests' branches: by id or number in a space, and the one a revision was merged from. */
@ApplicationScoped
public class BranchStore implements MergedBranches {

    /** A branch by change request id or by its number in the space; 404 when the space has no such branch. */
    public Branch find(String spaceId, String idOrNumber) {
        Branch b = Branch.findById(idOrNumber);
        if (b == null && idOrNumber != null && idOrNumber.matches("\\d{1,9}")) {
            b = Branch.find("spaceId = ?1 and number = ?2", spaceId, Integer.parseInt(idOrNumber)).firstResult();
        }
        if (b == null || !b.spaceId.equals(spaceId)) {
            throw ApiException.notFound("no change request " + idOrNumber + " in space " + spaceId);
        }
        return b;
    }

    @Override
    public Optional<BranchState> mergedBranch(String branchId) {
        return Optional.ofNullable(Branch.<Branch>findById(branchId)).map(Branch::shown);
    }
}
