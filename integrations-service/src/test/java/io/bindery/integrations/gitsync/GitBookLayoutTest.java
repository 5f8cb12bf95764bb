package io.bindery.integrations.gitsync;

import io.bindery.integrations.gitsync.SpaceSnapshot.Kind;
import io.bindery.integrations.gitsync.SpaceSnapshot.Page;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GitBookLayoutTest {

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** A repository as GitBook writes one, under a docs/ root. */
    private static Map<String, byte[]> gitbookRepository() {
        Map<String, byte[]> tree = new HashMap<>();
        tree.put(".gitbook.yaml", utf8("root: ./docs/\n\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\n"));
        tree.put("docs/SUMMARY.md", utf8("""
                # Table of contents

                * [Welcome](README.md)
                * [Getting started](getting-started/README.md)
                  * [Install](getting-started/install.md)
                    * [On Linux](getting-started/install/linux.md)
                  * [Configure](getting-started/configure.md)

                ## Reference

                * [API](reference/api.md)
                * [Status page](https://status.example.com)
                """));
        tree.put("docs/README.md", utf8("# Welcome\n\nStart with [installing](getting-started/install.md#requirements).\n"));
        tree.put("docs/getting-started/README.md", utf8("""
                ---
                description: How to begin
                ---

                # Getting started

                ![Diagram](<../.gitbook/assets/flow chart.png>)
                """));
        tree.put("docs/getting-started/install.md", utf8("# Install\n\nSee [Linux](install/linux.md) and [API](../reference/api.md).\n"));
        tree.put("docs/getting-started/install/linux.md", utf8("# On Linux\n\nBack to [the start](../../README.md).\n"));
        tree.put("docs/getting-started/configure.md", utf8("Configure it. [Spec](../.gitbook/assets/spec.pdf)\n"));
        tree.put("docs/reference/api.md", utf8("# API\n\n[Elsewhere](https://example.com/x) and [missing](nope.md).\n"));
        tree.put("docs/.gitbook/assets/flow chart.png", new byte[]{1, 2, 3});
        tree.put("docs/.gitbook/assets/spec.pdf", new byte[]{4, 5});
        tree.put("docs/orphan.md", utf8("# Not in the summary\n"));
        tree.put("README.md", utf8("# The repository's own readme, outside the root\n"));
        return tree;
    }

    @Test
    void importsGitbookLayoutWithNestedSummaryGroupsAssetsAndLinks() {
        SpaceSnapshot s = GitBookLayout.read(gitbookRepository());

        List<Page> top = s.pages();
        assertEquals(List.of("Welcome", "Getting started", "Reference"), top.stream().map(Page::title).toList());
        Page welcome = top.get(0);
        assertEquals(Kind.DOCUMENT, welcome.kind());
        assertEquals("Start with [installing](/pages/getting-started/install.md#requirements).\n", welcome.markdown());

        Page started = top.get(1);
        assertEquals("How to begin", started.description());
        assertEquals("getting-started", started.path());
        assertEquals("![Diagram](</files/.gitbook/assets/flow chart.png>)\n", started.markdown());
        assertEquals(List.of("Install", "Configure"), started.pages().stream().map(Page::title).toList());
        Page install = started.pages().get(0);
        assertEquals("getting-started/install", install.path());
        assertEquals("See [Linux](/pages/getting-started/install/linux.md) and [API](/pages/reference/api.md).\n",
                install.markdown());
        Page linux = install.pages().get(0);
        assertEquals("On Linux", linux.title());
        assertEquals("Back to [the start](/pages/README.md).\n", linux.markdown());
        assertEquals("Configure it. [Spec](/files/.gitbook/assets/spec.pdf)\n", started.pages().get(1).markdown());

        Page reference = top.get(2);
        assertEquals(Kind.GROUP, reference.kind());
        assertEquals("reference", reference.path());
        assertEquals(2, reference.pages().size());
        assertEquals("[Elsewhere](https://example.com/x) and [missing](nope.md).\n", reference.pages().get(0).markdown());
        Page status = reference.pages().get(1);
        assertEquals(Kind.LINK, status.kind());
        assertEquals("https://status.example.com", status.href());

        assertEquals(List.of("flow chart.png", "spec.pdf"), s.files().stream().map(SpaceSnapshot.File::name).toList());
        assertEquals("image/png", s.files().get(0).contentType());
        assertArrayEquals(new byte[]{1, 2, 3}, s.files().get(0).bytes());
    }

    @Test
    void withoutSummaryTheReadmeComesFirstThenPagesInPathOrder() {
        Map<String, byte[]> tree = new HashMap<>();
        tree.put("b.md", utf8("# B\n"));
        tree.put("README.md", utf8("# Home\n"));
        tree.put("a.md", utf8("A without heading\n"));
        SpaceSnapshot s = GitBookLayout.read(tree);
        assertEquals(List.of("Home", "a", "B"), s.pages().stream().map(Page::title).toList());
    }

    @Test
    void aRootOutsideTheRepositoryIsRefused() {
        Map<String, byte[]> tree = Map.of(".gitbook.yaml", utf8("root: ../elsewhere\n"));
        assertThrows(GitBookLayout.LayoutException.class, () -> GitBookLayout.read(tree));
        Map<String, byte[]> broken = Map.of(".gitbook.yaml", utf8("root: [unclosed\n"));
        assertThrows(GitBookLayout.LayoutException.class, () -> GitBookLayout.read(broken));
    }

    /** A space as content holds it: opaque ids, links as /pages/<id> and /files/<id>. */
    private static SpaceSnapshot space() {
        Page linux = new Page("pLinux", Kind.DOCUMENT, "On Linux", "guide/install/linux", "",
                "Back [home](/pages/pHome) or [to the API](/pages/pApi#errors).\n", null, List.of());
        Page install = new Page("pInstall", Kind.DOCUMENT, "Install", "guide/install", "Install it: quickly",
                "| a | b |\n| --- | --- |\n| 1 | 2 |\n\n![Shot](/files/f1)\n", null, List.of(linux));
        Page guide = new Page("pGuide", Kind.DOCUMENT, "Guide", "guide", null, "Read [install](/pages/pInstall).\n",
                null, List.of(install));
        Page home = new Page("pHome", Kind.DOCUMENT, "Home", "home", "The start", "Welcome. [Spec](/files/f2)\n", null,
                List.of());
        Page api = new Page("pApi", Kind.DOCUMENT, "API [v2]", "api", null, "## Errors\n\nNone.\n", null, List.of());
        Page link = new Page("pLink", Kind.LINK, "Status", null, null, "", "https://status.example.com/a b", List.of());
        Page group = new Page("gRef", Kind.GROUP, "Reference", "reference", null, "", null, List.of(api, link));
        return new SpaceSnapshot(List.of(home, guide, group), List.of(
                new SpaceSnapshot.File("f1", "shot one.png", "image/png", new byte[]{9, 8, 7}),
                new SpaceSnapshot.File("f2", "spec.pdf", "application/pdf", new byte[]{1}),
                new SpaceSnapshot.File("f3", "spec.pdf", "application/pdf", new byte[]{2})));
    }

    @Test
    void exportWritesGitbookLayout() {
        Map<String, byte[]> tree = GitBookLayout.write(space());
        assertEquals(List.of(".gitbook.yaml", ".gitbook/assets/shot one.png", ".gitbook/assets/spec-2.pdf",
                ".gitbook/assets/spec.pdf", "README.md", "SUMMARY.md", "guide/README.md", "guide/install/README.md",
                "guide/install/linux.md", "reference/api.md"), List.copyOf(tree.keySet()));
        assertEquals("""
                # Table of contents

                * [Home](README.md)
                * [Guide](guide/README.md)
                  * [Install](guide/install/README.md)
                    * [On Linux](guide/install/linux.md)

                ## Reference

                * [API \\[v2\\]](reference/api.md)
                * [Status](<https://status.example.com/a b>)
                """, new String(tree.get("SUMMARY.md"), StandardCharsets.UTF_8));
        assertEquals("---\ndescription: The start\n---\n\n# Home\n\nWelcome. [Spec](.gitbook/assets/spec.pdf)\n",
                new String(tree.get("README.md"), StandardCharsets.UTF_8));
        assertEquals("# On Linux\n\nBack [home](../../README.md) or [to the API](../../reference/api.md#errors).\n",
                new String(tree.get("guide/install/linux.md"), StandardCharsets.UTF_8));
        assertTrue(new String(tree.get("guide/install/README.md"), StandardCharsets.UTF_8)
                .contains("![Shot](<../../.gitbook/assets/shot one.png>)"));
    }

    @Test
    void exportThenImportGivesTheSamePagesTreeAndFiles() {
        SpaceSnapshot original = space();
        Map<String, byte[]> tree = GitBookLayout.write(original);
        SpaceSnapshot imported = GitBookLayout.read(tree);

        // the same tree of titles, kinds, descriptions and hrefs
        assertEquals(shape(original.pages()), shape(imported.pages()));
        // the same markdown once ids are mapped: each link points at the same page or file as before
        Map<String, String> pageIds = new HashMap<>();
        pair(original.pages(), imported.pages(), pageIds);
        Map<String, String> fileIds = new HashMap<>();
        for (int i = 0; i < original.files().size(); i++) {
            SpaceSnapshot.File a = original.files().get(i);
            SpaceSnapshot.File b = imported.files().stream().filter(f -> java.util.Arrays.equals(f.bytes(), a.bytes()))
                    .findFirst().orElseThrow();
            fileIds.put(a.id(), b.id());
            assertEquals(a.contentType(), b.contentType());
        }
        assertEquals(original.files().size(), imported.files().size());
        assertMarkdown(original.pages(), imported.pages(), pageIds, fileIds);
        // paths survive, but for the first page (GitBook's README.md carries none)
        assertEquals("guide/install/linux", imported.pages().get(1).pages().get(0).pages().get(0).path());

        // and a second export writes byte for byte what the first did
        Map<String, byte[]> again = GitBookLayout.write(imported);
        assertEquals(tree.keySet(), again.keySet());
        for (String path : tree.keySet()) {
            assertArrayEquals(tree.get(path), again.get(path), path);
        }
    }

    private static List<Object> shape(List<Page> pages) {
        return pages.stream().map(p -> (Object) List.of(p.kind(), p.title(), p.description() == null ? "" : p.description(),
                p.href() == null ? "" : p.href(), shape(p.pages()))).toList();
    }

    private static void pair(List<Page> a, List<Page> b, Map<String, String> ids) {
        for (int i = 0; i < a.size(); i++) {
            ids.put(a.get(i).id(), b.get(i).id());
            pair(a.get(i).pages(), b.get(i).pages(), ids);
        }
    }

    private static void assertMarkdown(List<Page> a, List<Page> b, Map<String, String> pageIds, Map<String, String> fileIds) {
        for (int i = 0; i < a.size(); i++) {
            String expected = a.get(i).markdown();
            for (Map.Entry<String, String> e : new LinkedHashMap<>(pageIds).entrySet()) {
                expected = expected.replace("(/pages/" + e.getKey() + ")", "(/pages/" + e.getValue() + ")")
                        .replace("(/pages/" + e.getKey() + "#", "(/pages/" + e.getValue() + "#");
            }
            for (Map.Entry<String, String> e : fileIds.entrySet()) {
                String target = "/files/" + e.getValue();
                expected = expected.replace("(/files/" + e.getKey() + ")", target.contains(" ") ? "(<" + target + ">)" : "(" + target + ")");
            }
            assertEquals(expected, b.get(i).markdown(), a.get(i).title());
            assertMarkdown(a.get(i).pages(), b.get(i).pages(), pageIds, fileIds);
        }
    }
}
