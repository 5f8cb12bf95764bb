package io.bindery.document;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** GitBook's layout places each page in one file: README first, folders for children and groups, unique names. */
class GitBookFilesTest {
    static GitBookFiles.Entry doc(String id, String path, String title, GitBookFiles.Entry... children) {
        return new GitBookFiles.Entry(id, GitBookFiles.Kind.DOCUMENT, path, title, List.of(children));
    }

    @Test
    void theFirstPageIsTheReadmeAndAPageWithChildrenIsItsFoldersReadme() {
        var group = new GitBookFiles.Entry("g", GitBookFiles.Kind.GROUP, "reference", "Reference",
                List.of(doc("api", "reference/api", "API")));
        var link = new GitBookFiles.Entry("l", GitBookFiles.Kind.LINK, "web", "Web", List.of());
        Map<String, String> files = GitBookFiles.place(List.of(
                doc("intro", "intro", "Introduction", doc("sub", "intro/sub", "Sub")),
                doc("guide", "guide", "Guide", doc("details", "guide/details", "Details")),
                doc("same", "", "Sub"), // no valid slug of its own: its title's, taken by the README's child, so numbered
                group, link));
        assertEquals(Map.of("intro", "README.md", "sub", "sub.md", "guide", "guide/README.md",
                "details", "guide/details.md", "same", "sub-2.md", "api", "reference/api.md"), files);
    }
}
