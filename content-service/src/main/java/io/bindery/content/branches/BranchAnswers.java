package io.bindery.content.branches;

import io.bindery.commons.projection.UserRef;
import io.bindery.content.pages.BranchView;
import io.bindery.contracts.content.BranchOutcome;
import io.bindery.contracts.content.BranchPages;
import io.bindery.contracts.content.BranchResponse;

/**
 * Content's branch views as the records of its internal contract ({@link io.bindery.contracts.content.ContentBranchesApi}),
 * field for field: the contract's records keep the views' field order, so the JSON review reads is the one content
 * wrote before the contract existed (InternalContractsTest pins it).
 */
final class BranchAnswers {
    private BranchAnswers() {
    }

    static BranchResponse branch(BranchView v) {
        return new BranchResponse(v.object(), v.id(), v.number(), v.status(), v.subject(), user(v.createdBy()), v.space(),
                v.revision(), v.revisionInitial(), v.revisionMergedAncestor(), v.revisionMerged(), v.comments(),
                v.outdated(), v.createdAt(), v.updatedAt(),
                v.urls() == null ? null : new BranchResponse.Urls(v.urls().location(), v.urls().app()));
    }

    static BranchOutcome outcome(Branches.Outcome o) {
        return new BranchOutcome(o.revision(), o.result(), o.changeRequest() == null ? null : branch(o.changeRequest()));
    }

    static BranchPages pages(BranchExport.Pages p) {
        return new BranchPages(p.revision(), p.pages() == null ? null : p.pages().stream()
                .map(e -> new BranchPages.Page(e.id(), e.title(), e.path(), e.depth(), e.markdown())).toList());
    }

    private static BranchResponse.User user(UserRef.View u) {
        return u == null ? null : new BranchResponse.User(u.object(), u.id(), u.displayName(), u.email(), u.photoURL(),
                u.urls() == null ? null : new BranchResponse.UserUrls(u.urls().location()));
    }
}
