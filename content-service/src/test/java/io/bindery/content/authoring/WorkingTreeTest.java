package io.bindery.content.authoring;

import io.bindery.content.revisions.StoredLinks;
import io.bindery.commons.errors.ApiException;
import io.bindery.content.domain.PageLink;
import io.bindery.content.revisions.Snapshot;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Placement rules of the page tree being edited, and link resolution against it. */
class WorkingTreeTest {
    private static WorkingTree empty() {
        Snapshot base = new Snapshot(new Snapshot.Header("r0", "s", List.of(), "edits", Instant.now(), null, null, List.of()),
                Map.of(), List.of());
        return new WorkingTree(base, Instant.now());
    }

    private static List<String> titles(WorkingTree t, String parent) {
        return t.children(parent).stream().map(d -> d.title).toList();
    }

    @Test
    void insertsAppendOrGoAtAnIndexAndSlugsAreMadeUnique() {
        WorkingTree t = empty();
        t.insert(null, null, "Intro", null);
        t.insert(null, null, "Setup", null);
        t.insert(null, 0, "Cover", null);
        t.insert(null, 2, "Between", null);
        assertEquals(List.of("Cover", "Intro", "Between", "Setup"), titles(t, null));
        WorkingTree.Draft again = t.insert(null, null, "Intro", null);
        assertEquals("intro-2", again.slug);
        ApiException taken = assertThrows(ApiException.class, () -> t.insert(null, null, "Other", "intro"));
        assertEquals(400, taken.status());
        assertThrows(ApiException.class, () -> t.insert(null, 9, "Far", null), "at past the end");
        assertThrows(ApiException.class, () -> t.insert(null, null, "Bad", "Not A Slug"));
    }

    @Test
    void movesKeepTheTreeATree() {
        WorkingTree t = empty();
        WorkingTree.Draft a = t.insert(null, null, "A", null);
        WorkingTree.Draft b = t.insert(a.pageId(), null, "B", null);
        WorkingTree.Draft c = t.insert(b.pageId(), null, "C", null);
        assertThrows(ApiException.class, () -> t.move(a, c.pageId(), true, null), "under its own descendant");
        assertThrows(ApiException.class, () -> t.move(a, a.pageId(), true, null), "under itself");
        t.move(c, null, true, 0);
        assertEquals(List.of("C", "A"), titles(t, null));
        assertEquals("a/b", t.path(b));
        assertEquals("a/README.md", t.gitPath(a));
        assertEquals("a/b.md", t.gitPath(b));
    }

    @Test
    void nestingIsLimited() {
        WorkingTree t = empty();
        String parent = null;
        for (int i = 0; i < WorkingTree.MAX_DEPTH; i++) {
            parent = t.insert(parent, null, "Level " + i, null).pageId();
        }
        String deepest = parent;
        assertThrows(ApiException.class, () -> t.insert(deepest, null, "Too deep", null));
    }

    @Test
    void deletingAPageTakesItsSubtree() {
        WorkingTree t = empty();
        WorkingTree.Draft a = t.insert(null, null, "A", null);
        t.insert(a.pageId(), null, "B", null);
        t.delete(a);
        assertTrue(t.pages().isEmpty());
    }

    @Test
    void linksResolveFromEveryFormToCanonicalIds() {
        WorkingTree t = empty();
        WorkingTree.Draft guides = t.insert(null, null, "Guides", null);
        WorkingTree.Draft setup = t.insert(guides.pageId(), null, "Setup", null);
        WorkingTree.Draft faq = t.insert(null, null, "FAQ", null);
        String md = "[a](/pages/" + faq.pageId() + "#top) [b](/pages/guides/setup) [c](/pages/faq.md) [d](../faq.md)"
                + " [e](./setup.md) [f](https://example.com) ![g](./pic.png) [h](./missing.md) `[i](/pages/faq)`";
        String resolved = LinkResolver.resolve(md, t, guides, Map.of("pic.png", "FILE1"), Map.of());
        assertEquals("[a](/pages/" + faq.pageId() + "#top) [b](/pages/" + setup.pageId() + ") [c](/pages/" + faq.pageId()
                + ") [d](/pages/" + faq.pageId() + ") [e](/pages/" + setup.pageId() + ") [f](https://example.com)"
                + " ![g](/files/FILE1) [h](./missing.md) `[i](/pages/faq)`", resolved);
        List<PageLink> links = StoredLinks.extract(resolved);
        assertEquals(8, links.size(), links.toString());
        assertEquals(new PageLink(PageLink.PAGE, faq.pageId(), "top"), links.get(0));
        assertEquals(new PageLink(PageLink.URL, "https://example.com", null), links.get(5));
        assertEquals(new PageLink(PageLink.FILE, "FILE1", null), links.get(6));
        assertEquals(new PageLink(PageLink.PAGE, "./missing.md", null), links.get(7), "unresolved: reported broken");
    }
}
