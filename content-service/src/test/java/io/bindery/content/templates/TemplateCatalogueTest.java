package io.bindery.content.templates;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Checks the real built-in catalogue under src/main/resources/templates/. */
class TemplateCatalogueTest {

    private static final Pattern SLUG = Pattern.compile("[a-z0-9]+(?:-[a-z0-9]+)*");
    /** {@code [text](target)} or {@code [text](target "title")}; also matches images. */
    private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern URL_SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:");

    @Test
    void catalogueOffersTheThreeBuiltInTemplatesInOrder() {
        assertEquals(List.of("product-docs", "api-reference", "team-handbook"),
                TemplateCatalogue.all().stream().map(Template::id).toList());
    }

    @Test
    void templateIdsAreUniqueSlugs() {
        Set<String> ids = new HashSet<>();
        for (Template template : TemplateCatalogue.all()) {
            assertTrue(SLUG.matcher(template.id()).matches(), template.id());
            assertTrue(ids.add(template.id()), "duplicate id " + template.id());
        }
    }

    @Test
    void findReturnsTheTemplateWithThatId() {
        Optional<Template> found = TemplateCatalogue.find("api-reference");
        assertTrue(found.isPresent());
        assertEquals("API reference", found.get().title());
    }

    @Test
    void findReturnsEmptyForUnknownOrOddIds() {
        assertTrue(TemplateCatalogue.find("no-such-template").isEmpty());
        assertTrue(TemplateCatalogue.find("").isEmpty());
        assertTrue(TemplateCatalogue.find(null).isEmpty());
        assertTrue(TemplateCatalogue.find("PRODUCT-DOCS").isEmpty());
    }

    @Test
    void catalogueListIsImmutable() {
        assertThrows(UnsupportedOperationException.class, () -> TemplateCatalogue.all().clear());
    }

    @Test
    void everyTemplateHasFourToEightPagesIncludingANestedOne() {
        for (Template template : TemplateCatalogue.all()) {
            assertFalse(template.title().isBlank(), template.id());
            assertFalse(template.description().isBlank(), template.id());
            Map<String, TemplatePage> pages = pagesByPath(template);
            assertTrue(pages.size() >= 4 && pages.size() <= 8, template.id() + " has " + pages.size() + " pages");
            assertTrue(template.pages().stream().anyMatch(page -> !page.pages().isEmpty()),
                    template.id() + " has no nested page");
        }
    }

    @Test
    void slugsAreValidAndUniqueAmongSiblings() {
        for (Template template : TemplateCatalogue.all()) {
            checkSlugs(template.id(), template.pages());
        }
    }

    private static void checkSlugs(String where, List<TemplatePage> siblings) {
        Set<String> seen = new HashSet<>();
        for (TemplatePage page : siblings) {
            assertTrue(SLUG.matcher(page.slug()).matches(), where + ": invalid slug '" + page.slug() + "'");
            assertTrue(seen.add(page.slug()), where + ": duplicate slug '" + page.slug() + "'");
            checkSlugs(where + "/" + page.slug(), page.pages());
        }
    }

    @Test
    void everyPageHasATitleAndMarkdownStartingWithItsHeading() {
        for (Template template : TemplateCatalogue.all()) {
            pagesByPath(template).forEach((path, page) -> {
                String where = template.id() + ":" + path;
                assertFalse(page.title().isBlank(), where);
                assertFalse(page.markdown().isBlank(), where);
                assertTrue(page.markdown().startsWith("# "), where + " should start with a heading");
                assertTrue(page.emoji() == null || !page.emoji().isBlank(), where);
            });
        }
    }

    @Test
    void templatesContainTheBlocksTheirPurposeNeeds() {
        Template api = TemplateCatalogue.find("api-reference").orElseThrow();
        assertTrue(pagesByPath(api).values().stream().filter(page -> page.markdown().contains("```")).count() >= 4,
                "api-reference should show code samples in fenced blocks");
        Template handbook = TemplateCatalogue.find("team-handbook").orElseThrow();
        assertTrue(pagesByPath(handbook).get("onboarding.md").markdown().contains("- [ ] "),
                "the onboarding checklist should use task lists");
    }

    @Test
    void everyRelativeMarkdownLinkResolvesToAPageOfTheSameTemplate() {
        for (Template template : TemplateCatalogue.all()) {
            Map<String, TemplatePage> pages = pagesByPath(template);
            int crossLinks = 0;
            for (Map.Entry<String, TemplatePage> entry : pages.entrySet()) {
                String from = entry.getKey();
                for (String target : relativeLinks(entry.getValue().markdown())) {
                    String where = template.id() + ":" + from + " links to '" + target + "'";
                    String path = target.contains("#") ? target.substring(0, target.indexOf('#')) : target;
                    assertTrue(path.endsWith(".md"), where + ": relative links must point at a .md page");
                    String resolved = resolve(from, path);
                    assertTrue(resolved != null && pages.containsKey(resolved),
                            where + ": resolves to " + resolved + ", which is not a page of " + pages.keySet());
                    crossLinks++;
                }
            }
            assertTrue(crossLinks > 0, template.id() + " should link between its pages");
        }
    }

    @Test
    void linkResolverFollowsGitSyncPaths() {
        assertEquals("installation.md", resolve("getting-started.md", "./installation.md"));
        assertEquals("guides/first.md", resolve("getting-started.md", "guides/first.md"));
        assertEquals("guides/first.md", resolve("guides/README.md", "first.md"));
        assertEquals("installation.md", resolve("guides/first.md", "../installation.md"));
        assertEquals("README.md", resolve("guides/first.md", "../README.md"));
        assertNull(resolve("guides/first.md", "../../outside.md"));
        assertEquals(List.of("./a.md", "b.md#part"),
                relativeLinks("[a](./a.md) [web](https://x.org) [top](#top)\n```\n[code](c.md)\n```\n`[x](d.md)` [b](b.md#part \"B\")"));
    }

    /** Every page keyed by its git-sync path: {@code <slug>.md} for leaves, {@code <slug>/README.md} for parents. */
    private static Map<String, TemplatePage> pagesByPath(Template template) {
        Map<String, TemplatePage> pages = new LinkedHashMap<>();
        addPages("", template.pages(), pages);
        return pages;
    }

    private static void addPages(String folder, List<TemplatePage> siblings, Map<String, TemplatePage> into) {
        for (TemplatePage page : siblings) {
            if (page.pages().isEmpty()) {
                into.put(folder + page.slug() + ".md", page);
            } else {
                into.put(folder + page.slug() + "/README.md", page);
                addPages(folder + page.slug() + "/", page.pages(), into);
            }
        }
    }

    /** Link targets that are relative paths, ignoring code blocks, code spans, URLs and same-page anchors. */
    private static List<String> relativeLinks(String markdown) {
        String prose = markdown
                .replaceAll("(?ms)^\\s*(```|~~~).*?^\\s*\\1[^\\n]*$", "")
                .replaceAll("`[^`\\n]*`", "");
        List<String> targets = new ArrayList<>();
        Matcher matcher = LINK.matcher(prose);
        while (matcher.find()) {
            String target = matcher.group(1);
            if (!target.startsWith("#") && !URL_SCHEME.matcher(target).find()) {
                targets.add(target);
            }
        }
        return targets;
    }

    /** Resolves {@code target} against the folder of {@code fromPath}; null if it climbs above the root. */
    private static String resolve(String fromPath, String target) {
        if (target.startsWith("/")) {
            return null;
        }
        List<String> segments = new ArrayList<>();
        int lastSlash = fromPath.lastIndexOf('/');
        if (lastSlash >= 0) {
            segments.addAll(List.of(fromPath.substring(0, lastSlash).split("/")));
        }
        for (String segment : target.split("/")) {
            if (segment.equals("..")) {
                if (segments.isEmpty()) {
                    return null;
                }
                segments.remove(segments.size() - 1);
            } else if (!segment.isEmpty() && !segment.equals(".")) {
                segments.add(segment);
            }
        }
        return String.join("/", segments);
    }
}
