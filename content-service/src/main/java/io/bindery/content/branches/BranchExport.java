package io.bindery.content.branches;

import io.bindery.commons.errors.ApiException;
import io.bindery.content.domain.PageVersion;
import io.bindery.content.spaces.LiveSpaces;
import io.bindery.content.revisions.Revisions;
import io.bindery.content.revisions.Snapshot;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The pages of a change request's branch head with their markdown, flat and in table-of-contents order, for the
 * review service's PDF export (internal API: review checked the caller's rights).
 */
@ApplicationScoped
public class BranchExport {
    @Inject
    LiveSpaces spaces;
    @Inject
    BranchStore branches;
    @Inject
    Revisions revisions;

    /** One page: {@code depth} 0 is the root level; group and link pages have no body, so {@code markdown} is "". */
    public record ExportedPage(String id, String title, String path, int depth, String markdown) {
    }

    public record Pages(String revision, List<ExportedPage> pages) {
    }

    /**
     * Every page of the branch head, or only {@code pageId} (404 when the head has no such page). With
     * {@code maxPages} / {@code maxChars} (0: no limit), an export beyond them is a 400 answered before any
     * markdown is read, so a huge space is never loaded for a PDF that could not be rendered anyway.
     */
    public Pages pages(String spaceId, String branch, String pageId, int maxPages, long maxChars) {
        spaces.live(spaceId);
        Branch b = branches.find(spaceId, branch);
        Snapshot head = revisions.snapshot(b.headRevisionId);
        List<PageVersion> ordered = head.inTreeOrder();
        // parents come before their children in tree order, so each depth is one lookup
        Map<String, Integer> depths = new HashMap<>();
        for (PageVersion p : ordered) {
            depths.put(p.pageId(), p.parentId() == null ? 0 : depths.getOrDefault(p.parentId(), -1) + 1);
        }
        List<PageVersion> chosen = ordered;
        if (pageId != null) {
            if (!depths.containsKey(pageId)) {
                throw ApiException.notFound("no page " + pageId + " in change request " + b.id + " of space " + spaceId);
            }
            chosen = List.of(head.page(pageId).orElseThrow());
        }
        List<String> documents = chosen.stream().filter(p -> PageVersion.DOCUMENT.equals(p.kind())).map(PageVersion::id).toList();
        if (maxPages > 0 && chosen.size() > maxPages) {
            throw ApiException.badRequest("too large to export: " + chosen.size() + " pages, more than " + maxPages);
        }
        if (maxChars > 0) {
            long length = revisions.markdownLength(documents);
            if (length > maxChars) {
                throw ApiException.badRequest("too large to export: " + length + " characters of markdown, more than " + maxChars);
            }
        }
        Map<String, String> markdown = revisions.markdown(documents); // one query for the whole export
        List<ExportedPage> out = new ArrayList<>(chosen.size());
        for (PageVersion p : chosen) {
            String md = PageVersion.DOCUMENT.equals(p.kind()) ? markdown.get(p.id()) : null;
            out.add(new ExportedPage(p.pageId(), p.title(), head.path(p.pageId()), depths.get(p.pageId()), md == null ? "" : md));
        }
        return new Pages(head.id(), out);
    }
}
