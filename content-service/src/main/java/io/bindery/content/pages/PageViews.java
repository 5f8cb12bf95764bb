package io.bindery.content.pages;

import io.bindery.commons.projection.UserDirectory;
import io.bindery.commons.projection.UserRef;
import io.bindery.commons.urls.PublicUrls;
import io.bindery.content.domain.BranchStatus;
import io.bindery.content.domain.PageVersion;
import io.bindery.content.domain.RevisionFile;
import io.bindery.content.domain.SpaceRow;
import io.bindery.content.revisions.Snapshot;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The API shapes of revisions, pages, files and branches. */
@ApplicationScoped
public class PageViews {
    @Inject
    PublicUrls urls;
    @Inject
    UserDirectory users;

    public RevisionView revision(SpaceRow space, Snapshot s, boolean metadata, BranchState mergedFrom) {
        return new RevisionView("revision", s.id(), s.header().type(), s.header().parents(), tree(space, s, null, metadata),
                files(space, s), List.of(), List.of(), Map.of(), s.header().createdAt(),
                new RevisionView.Urls(appUrl(space, "")), mergedFrom == null ? null : branch(mergedFrom, space, Author.SHOWN));
    }

    /** The pages under {@code parentId} (the roots for null), each with its subtree. */
    public List<PageView> tree(SpaceRow space, Snapshot s, String parentId, boolean metadata) {
        List<PageView> out = new ArrayList<>();
        for (PageVersion p : s.children(parentId)) {
            out.add(page(space, s, p, tree(space, s, p.pageId(), metadata), metadata, null, null));
        }
        return out;
    }

    /** One page; {@code markdown} or {@code document} when the page body is asked for. */
    public PageView page(SpaceRow space, Snapshot s, PageVersion p, List<PageView> children, boolean metadata,
                         String markdown, Map<String, Object> document) {
        String path = s.path(p.pageId());
        boolean doc = PageVersion.DOCUMENT.equals(p.kind());
        return new PageView(p.pageId(), p.title(), p.emoji(), p.icon(), p.createdAt(), p.updatedAt(),
                doc ? "sheet" : p.kind(), p.kind(), new PageView.Urls(appUrl(space, path)), p.slug(), path,
                p.description(), children, metadata && doc ? new PageView.Git(p.gitOid(), s.gitPath(p.pageId())) : null,
                doc ? PageView.Layout.DEFAULT : null, p.hidden(), p.noIndex(), p.noRobotsIndex(), doc ? List.of() : null,
                PageVersion.LINK.equals(p.kind()) ? PageView.Target.url(p.href()) : null, p.href(), markdown, document);
    }

    public List<FileView> files(SpaceRow space, Snapshot s) {
        return s.files().stream().map(f -> file(space, s, f)).toList();
    }

    public FileView file(SpaceRow space, Snapshot s, RevisionFile f) {
        return new FileView(f.id(), f.name(), f.contentType(),
                urls.api("/spaces/" + space.id() + "/revisions/" + s.id() + "/files/" + f.id() + "/download"), f.size(),
                f.width() == null ? null : new FileView.Dimensions(f.width(), f.height()));
    }

    /**
     * Whether a branch view names its author as a User: only public answers do (a write's {@code changeRequest}, a
     * revision's {@code mergedFrom}), since finding the author may read through to identity; review's internal calls
     * never read it.
     */
    public enum Author { SHOWN, LEFT_OUT }

    public BranchView branch(BranchState s, SpaceRow space, Author author) {
        UserRef.View createdBy = author == Author.SHOWN ? users.find(s.createdBy()).map(u -> u.view(urls)).orElse(null) : null;
        return new BranchView("change-request", s.id(), s.number(), s.status().wire(),
                s.subject() == null ? "" : s.subject(), createdBy, s.spaceId(), s.headRevisionId(),
                s.initialRevisionId(), s.mergedAncestorRevisionId(), s.mergedRevisionId(), s.comments(),
                s.status() == BranchStatus.OPEN && !s.mergedAncestorRevisionId().equals(space.revisionId()),
                s.createdAt(), s.updatedAt(), new BranchView.Urls(urls.api("/spaces/" + s.spaceId() + "/change-requests/" + s.id()),
                urls.app("/o/" + space.organizationId() + "/s/" + space.id() + "/~/changes/" + s.number())));
    }

    public String appUrl(SpaceRow space, String path) {
        return urls.app("/o/" + space.organizationId() + "/s/" + space.id() + (path == null || path.isEmpty() ? "" : "/" + path));
    }
}
