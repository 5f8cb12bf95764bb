package io.bindery.content.links;

import io.bindery.content.access.ContentScopes;
import io.bindery.content.items.ContentViews;
import io.bindery.content.pages.InMemoryPages;
import io.bindery.content.pages.PageViews;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.urls.PublicUrls;
import io.bindery.content.revisions.StoredLinks;
import io.bindery.content.domain.PageLink;
import io.bindery.content.domain.PageVersion;
import io.bindery.content.domain.RevisionFile;
import io.bindery.content.domain.SpaceRow;
import io.bindery.content.pages.FileView;
import io.bindery.content.pages.PageView;
import io.bindery.content.items.SpaceView;
import io.bindery.content.revisions.Revisions;
import io.bindery.content.revisions.Snapshot;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Links between pages, files and URLs of a revision, from the links stored with each page version when it was
 * written: space and page link lists with their status and statistics, and the pages that use a file.
 */
@ApplicationScoped
public class ContentLinks {
    @Inject
    Revisions revisions;
    @Inject
    PageViews pageViews;
    @Inject
    ContentViews spaceViews;
    @Inject
    PublicUrls urls;

    /** GitBook ContentLocation: what a link points at or where it is. Unused fields stay null. */
    public record Location(String kind, Org organization, SpaceView space, VersionContext versionContext, PageView page,
                           FileView file, String url) {
    }

    public record Org(String object, String id) {
    }

    public record VersionContext(String type, String revision) {
    }

    public record LinkItem(String status, String relation, Location targetReference, List<Location> locationReferences) {
    }

    public record Stats(long total, Broken broken) {
    }

    public record Broken(long total) {
    }

    /** A page of links with the statistics of the whole list (before the status filter). */
    public record LinkList(List<LinkItem> items, long count, ListPage.Next next, Stats stats) {
    }

    public LinkList links(ContentScopes.Scope scope, String pageId, String status, String limit, String page) {
        if (status != null && !status.isEmpty() && !List.of("ok", "broken", "in-app").contains(status)) {
            throw ApiException.badRequest("status must be ok, broken or in-app");
        }
        Snapshot s = scope.snapshot();
        SpaceRow space = scope.item();
        List<PageVersion> pages;
        if (pageId != null) {
            pages = List.of(s.page(pageId).orElseThrow(() -> ApiException.notFound("no page " + pageId + " in revision " + s.id())));
        } else {
            pages = s.inTreeOrder();
        }
        Map<String, List<PageLink>> links = revisions.links(pages.stream().map(PageVersion::id).toList());
        SpaceView spaceView = spaceViews.space(space, scope.space().role());
        Org org = new Org("organization", space.organizationId());
        VersionContext context = new VersionContext("revision", s.id());
        List<LinkItem> all = new ArrayList<>();
        long broken = 0;
        Map<String, PageView> shown = new HashMap<>();
        for (PageVersion p : pages) {
            for (PageLink link : links.getOrDefault(p.id(), List.of())) {
                LinkItem item = item(s, space, spaceView, org, context, p, link, shown);
                broken += item.status().equals("broken") ? 1 : 0;
                all.add(item);
            }
        }
        long total = all.size();
        List<LinkItem> filtered = status == null || status.isEmpty() ? all
                : all.stream().filter(i -> i.status().equals(status)).toList();
        ListPage<LinkItem> slice = InMemoryPages.slice(filtered, limit, page);
        return new LinkList(slice.items(), slice.count(), slice.next(), new Stats(total, new Broken(broken)));
    }

    /**
     * A page as a location shows it: GitBook's RevisionPage, with its child pages as GET …/page/{id} has them
     * (RevisionPageDocument requires them); each page made once per answer.
     */
    private PageView shownPage(SpaceRow space, Snapshot s, PageVersion p, Map<String, PageView> shown) {
        return shown.computeIfAbsent(p.pageId(), id -> pageViews.page(space, s, p, pageViews.tree(space, s, id, false),
                false, null, null));
    }

    private LinkItem item(Snapshot s, SpaceRow space, SpaceView spaceView, Org org, VersionContext context, PageVersion from,
                          PageLink link, Map<String, PageView> shown) {
        Location where = new Location("page", org, spaceView, context, shownPage(space, s, from, shown), null, null);
        Location target;
        String status;
        switch (link.kind()) {
            case PageLink.PAGE -> {
                Optional<PageVersion> p = s.page(link.target());
                status = p.isPresent() ? "ok" : "broken";
                PageView view = p.map(v -> shownPage(space, s, v, shown))
                        .orElse(new PageView(link.target(), null, null, null, null, null, null, null, null, null, null,
                                null, null, null, null, null, null, null, null, null, null, null, null));
                target = new Location("page", org, spaceView, context, view, null, null);
            }
            case PageLink.FILE -> {
                Optional<RevisionFile> f = s.file(link.target());
                status = f.isPresent() ? "ok" : "broken";
                FileView view = f.map(v -> pageViews.file(space, s, v))
                        .orElse(new FileView(link.target(), null, null, null, 0, null));
                target = new Location("file", org, spaceView, context, null, view, null);
            }
            default -> {
                status = StoredLinks.inApp(link.target(), urls.base()) ? "in-app" : "ok";
                target = new Location("url", null, null, null, null, null, link.target());
            }
        }
        return new LinkItem(status, "reference", target, List.of(where));
    }

    /** The pages that link to a file, in tree order. */
    public ListPage<Location> fileBacklinks(ContentScopes.Scope scope, String fileId, String limit, String page) {
        Snapshot s = scope.snapshot();
        RevisionFile file = s.file(fileId).orElseThrow(() -> ApiException.notFound("no file " + fileId + " in revision " + s.id()));
        return backlinks(scope, PageLink.FILE, fileId, pageViews.file(scope.item(), s, file), limit, page);
    }

    /** The pages that link to a page, in tree order. */
    public ListPage<Location> pageBacklinks(ContentScopes.Scope scope, String pageId, String limit, String page) {
        Snapshot s = scope.snapshot();
        s.page(pageId).orElseThrow(() -> ApiException.notFound("no page " + pageId + " in revision " + s.id()));
        return backlinks(scope, PageLink.PAGE, pageId, null, limit, page);
    }

    private ListPage<Location> backlinks(ContentScopes.Scope scope, String kind, String target, FileView file, String limit,
                                        String page) {
        Snapshot s = scope.snapshot();
        List<PageVersion> pages = s.inTreeOrder();
        Map<String, List<PageLink>> links = revisions.links(pages.stream().map(PageVersion::id).toList());
        SpaceRow space = scope.item();
        SpaceView spaceView = spaceViews.space(space, scope.space().role());
        List<Location> out = new ArrayList<>();
        Map<String, PageView> shown = new HashMap<>();
        for (PageVersion p : pages) {
            boolean uses = links.getOrDefault(p.id(), List.of()).stream()
                    .anyMatch(l -> l.kind().equals(kind) && l.target().equals(target));
            if (uses) {
                out.add(new Location("page", new Org("organization", space.organizationId()), spaceView,
                        new VersionContext("revision", s.id()), shownPage(space, s, p, shown), file, null));
            }
        }
        return InMemoryPages.slice(out, limit, page);
    }
}
