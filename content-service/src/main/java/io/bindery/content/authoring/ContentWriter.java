package io.bindery.content.authoring;

import io.bindery.content.revisions.StoredLinks;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.ids.Ids;
import io.bindery.content.domain.PageLink;
import io.bindery.content.domain.PageVersion;
import io.bindery.content.domain.RevisionFile;
import io.bindery.content.revisions.RevisionStore;
import io.bindery.content.revisions.Revisions;
import io.bindery.content.revisions.Snapshot;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Applies a batch of content changes to a revision and writes the result as one new revision, in the caller's
 * transaction. Any invalid change throws a 400 naming it, before anything is written (files aside, whose bytes
 * are content-addressed and harmless to keep if the transaction rolls back: it does roll them back).
 */
@ApplicationScoped
public class ContentWriter {
    @Inject
    Revisions revisions;

    /** Where the revision goes and what it records. */
    public record Target(String spaceId, String branchId, String createdBy, String type) {
    }

    /** The new revision and the pages the batch created or modified (ids), in batch order. */
    public record Written(Snapshot revision, List<String> affectedPages) {
    }

    /**
     * @param revertBase the revision {@code revert_page} goes back to when it names none (the branch's base)
     */
    public Written apply(Snapshot base, List<ContentChange> changes, String revertBase, Target target) {
        Instant now = Instant.now();
        WorkingTree tree = new WorkingTree(base, now);
        Map<String, String> fileRefs = new HashMap<>();
        Map<String, String> pageRefs = new HashMap<>();
        List<RevisionFile> files = new ArrayList<>(base.files());
        for (ContentChange change : changes) {
            String where = "changes[" + change.index() + "]";
            try {
                switch (change) {
                    case ContentChange.InsertPage c -> insert(tree, c, pageRefs);
                    case ContentChange.UpdatePage c -> update(tree, c, pageRefs);
                    case ContentChange.DeletePage c -> tree.delete(page(tree, c.page(), pageRefs));
                    case ContentChange.RevertPage c -> revert(tree, c, revertBase, target.spaceId(), pageRefs);
                    case ContentChange.DeleteFiles c -> {
                        for (int f = 0; f < c.files().size(); f++) {
                            String id = fileRefs.getOrDefault(c.files().get(f), c.files().get(f));
                            if (!files.removeIf(x -> x.id().equals(id))) {
                                throw ApiException.badRequest("files[" + f + "]: no file " + c.files().get(f) + " here");
                            }
                        }
                    }
                    case ContentChange.InsertFiles c -> {
                        for (ContentChange.NewFile f : c.files()) {
                            RevisionFile file = store(f, now);
                            files.add(file);
                            if (f.ref() != null) {
                                fileRefs.put(f.ref(), file.id());
                            }
                        }
                    }
                }
            } catch (ApiException e) {
                throw ChangeParser.prefixed(e, where);
            }
        }
        return new Written(write(base, tree, files, fileRefs, pageRefs, target, now), List.copyOf(tree.changed()));
    }

    private void insert(WorkingTree tree, ContentChange.InsertPage c, Map<String, String> pageRefs) {
        String parent = c.into() == null ? null : page(tree, c.into(), pageRefs).pageId();
        Frontmatter fm = Frontmatter.split(c.markdown() == null ? "" : c.markdown());
        String title = firstNonNull(fm.title(), c.fields().title(), fm.firstHeading(), "Untitled");
        WorkingTree.Draft d = tree.insert(parent, c.at(), title, c.fields().slug(), c.kind());
        d.href = c.href();
        fields(d, c.fields(), fm);
        d.setMarkdown(PageVersion.DOCUMENT.equals(c.kind()) ? fm.body() : "");
        if (c.ref() != null) {
            pageRefs.put(c.ref(), d.pageId());
        }
    }

    private void update(WorkingTree tree, ContentChange.UpdatePage c, Map<String, String> pageRefs) {
        WorkingTree.Draft d = page(tree, c.page(), pageRefs);
        Frontmatter fm = Frontmatter.split(c.markdown() == null ? "" : c.markdown());
        String title = firstNonNull(fm.title(), c.fields().title());
        if (title != null) {
            d.title = title;
        }
        if (c.fields().slug() != null) {
            tree.setSlug(d, c.fields().slug());
        }
        fields(d, c.fields(), fm);
        if (c.kind() != null) {
            tree.setKind(d, c.kind());
        }
        if (c.href() != null) {
            if (!PageVersion.LINK.equals(d.kind)) {
                throw ApiException.badRequest("href: only a link page has an href (page " + d.pageId() + " is a "
                        + d.kind + ")");
            }
            d.href = c.href();
        }
        if (PageVersion.LINK.equals(d.kind) && d.href == null) {
            throw ApiException.badRequest("href is required for a link page (the address it leads to)");
        }
        if (c.markdown() != null) {
            if (!PageVersion.DOCUMENT.equals(d.kind) && !fm.body().isEmpty()) {
                throw ApiException.badRequest("document: a " + d.kind + " page has no document of its own");
            }
            d.setMarkdown(fm.body());
        }
        if (c.intoGiven() || c.at() != null) {
            String parent = c.intoGiven() ? (c.into() == null ? null : page(tree, c.into(), pageRefs).pageId()) : d.parentId;
            tree.move(d, parent, c.intoGiven(), c.at());
        }
        tree.requirePlaced(d);
        tree.touch(d);
    }

    private static void fields(WorkingTree.Draft d, ContentChange.PageFields f, Frontmatter fm) {
        if (f.emoji() != null) {
            d.emoji = f.emoji().isEmpty() ? null : f.emoji();
        }
        if (f.icon() != null) {
            d.icon = f.icon().isEmpty() ? null : f.icon();
        }
        String description = firstNonNull(fm.description(), f.description());
        if (description != null) {
            d.description = description.isEmpty() ? null : description;
        }
        if (f.hidden() != null) {
            d.hidden = f.hidden();
        }
        if (f.noIndex() != null) {
            d.noIndex = f.noIndex();
        }
        if (f.noRobotsIndex() != null) {
            d.noRobotsIndex = f.noRobotsIndex();
        }
    }

    private void revert(WorkingTree tree, ContentChange.RevertPage c, String revertBase, String spaceId,
                        Map<String, String> pageRefs) {
        Snapshot to;
        try {
            to = revisions.snapshot(c.revision() == null ? revertBase : c.revision());
        } catch (ApiException e) {
            throw ApiException.badRequest("revision: no revision " + c.revision() + " in this space");
        }
        if (!to.header().spaceId().equals(spaceId)) {
            throw ApiException.badRequest("revision: no revision " + c.revision() + " in this space");
        }
        String pageId = pageRefs.getOrDefault(c.page(), c.page());
        PageVersion old = to.page(pageId).orElse(null);
        if (old != null) {
            tree.restore(old);
        } else if (tree.get(pageId) != null) {
            tree.delete(tree.get(pageId));
        } else {
            throw ApiException.badRequest("page: no page " + c.page() + " here or in revision " + to.id());
        }
    }

    private static WorkingTree.Draft page(WorkingTree tree, String idOrRef, Map<String, String> pageRefs) {
        return tree.require(pageRefs.getOrDefault(idOrRef, idOrRef), "page");
    }

    private RevisionFile store(ContentChange.NewFile f, Instant now) {
        String sha = revisions.putBytes(f.bytes());
        int[] size = imageSize(f.bytes());
        return new RevisionFile(Ids.newId(), f.name(), f.contentType(), f.bytes().length, sha,
                size == null ? null : size[0], size == null ? null : size[1], now);
    }

    /** Width and height of an image, read from its header; null for anything that is not a readable image. */
    static int[] imageSize(byte[] bytes) {
        try (ImageInputStream in = ImageIO.createImageInputStream(new ByteArrayInputStream(bytes))) {
            Iterator<ImageReader> readers = in == null ? null : ImageIO.getImageReaders(in);
            if (readers == null || !readers.hasNext()) {
                return null;
            }
            ImageReader reader = readers.next();
            try {
                reader.setInput(in);
                return new int[]{reader.getWidth(0), reader.getHeight(0)};
            } finally {
                reader.dispose();
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private Snapshot write(Snapshot base, WorkingTree tree, List<RevisionFile> files, Map<String, String> fileRefs,
                           Map<String, String> pageRefs, Target target, Instant now) {
        List<String> needMarkdown = new ArrayList<>();
        for (String pageId : tree.changed()) {
            WorkingTree.Draft d = tree.get(pageId);
            if (d != null && tree.reused(pageId) == null && !d.markdownSet() && d.base != null) {
                needMarkdown.add(d.base.id());
            }
        }
        Map<String, String> stored = revisions.markdown(needMarkdown);
        Map<String, PageVersion> pages = new HashMap<>();
        List<PageVersion> fresh = new ArrayList<>();
        Map<String, List<PageLink>> links = new HashMap<>();
        for (WorkingTree.Draft d : tree.pages().values()) {
            PageVersion reused = tree.reused(d.pageId());
            if (!tree.changed().contains(d.pageId())) {
                pages.put(d.pageId(), d.base);
            } else if (reused != null) {
                pages.put(d.pageId(), reused);
            } else {
                String markdown = d.markdownSet() ? LinkResolver.resolve(d.markdown(), tree, d, fileRefs, pageRefs)
                        : d.base == null ? "" : stored.getOrDefault(d.base.id(), "");
                PageVersion v = WorkingTree.freeze(d, markdown, now);
                pages.put(d.pageId(), v);
                fresh.add(v);
                links.put(v.id(), StoredLinks.extract(markdown));
            }
        }
        return revisions.write(new RevisionStore.NewRevision(target.spaceId(), List.of(base.id()), target.type(),
                target.branchId(), null, target.createdBy(), pages, fresh, links, files, base));
    }

    @SafeVarargs
    private static <T> T firstNonNull(T... values) {
        for (T v : values) {
            if (v != null) {
                return v;
            }
        }
        return null;
    }
}
