package io.bindery.content.authoring;

import java.util.List;

/**
 * One operation of a content batch ({@code POST …/change-requests/{cr}/content}, GitBook 0.202.0), parsed and
 * checked for shape; {@code index} is its place in the batch, for error messages.
 */
public sealed interface ContentChange {
    int index();

    /** Page metadata of insert_page and update_page; null fields are not given. */
    record PageFields(String title, String slug, String emoji, String icon, String description, Boolean hidden,
                      Boolean noIndex, Boolean noRobotsIndex) {
    }

    /**
     * {@code markdown} is null when no document was given. {@code kind}: {@code document}, {@code group} (a heading
     * over the pages in it, at the top level) or {@code link} (an entry that leads to {@code href}).
     */
    record InsertPage(int index, PageFields fields, String into, Integer at, String ref, String markdown, String kind,
                      String href) implements ContentChange {
    }

    /** {@code kind} and {@code href} are null when not given; a page changes kind only when it is asked to. */
    record UpdatePage(int index, String page, PageFields fields, String markdown, boolean intoGiven, String into,
                      Integer at, String kind, String href) implements ContentChange {
    }

    record DeletePage(int index, String page) implements ContentChange {
    }

    record RevertPage(int index, String page, String revision) implements ContentChange {
    }

    record NewFile(String ref, String name, String contentType, byte[] bytes) {
    }

    record InsertFiles(int index, List<NewFile> files) implements ContentChange {
    }

    /** Files removed from the change request by id (their bytes stay: older revisions still have them). */
    record DeleteFiles(int index, List<String> files) implements ContentChange {
    }
}
