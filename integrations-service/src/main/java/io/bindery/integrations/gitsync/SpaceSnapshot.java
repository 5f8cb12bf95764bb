package io.bindery.integrations.gitsync;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A space's content as Git Sync moves it: the page tree and the files, with page markdown in Bindery's stored form
 * (links are {@code /pages/<id>} and {@code /files/<id>}). Exported, ids are content's; imported, a page's id is
 * its path and a file's id its name, until the writer maps them to what content assigns.
 */
public record SpaceSnapshot(List<Page> pages, List<File> files) {

    public enum Kind {
        DOCUMENT, GROUP, LINK
    }

    /**
     * One page; {@code path} is its slug path ("guides/install"), {@code href} only for a link, {@code markdown} ""
     * for a group or a link.
     */
    public record Page(String id, Kind kind, String title, String path, String description, String markdown,
                       String href, List<Page> pages) {
        public Page {
            pages = List.copyOf(pages);
            markdown = markdown == null ? "" : markdown;
        }
    }

    /** A file's bytes; equality compares the bytes. */
    public record File(String id, String name, String contentType, byte[] bytes) {
        @Override
        public boolean equals(Object o) {
            return o instanceof File f && Objects.equals(id, f.id) && Objects.equals(name, f.name)
                    && Objects.equals(contentType, f.contentType) && Arrays.equals(bytes, f.bytes);
        }

        @Override
        public int hashCode() {
            return Objects.hash(id, name, contentType, Arrays.hashCode(bytes));
        }

        @Override
        public String toString() {
            return "File[" + id + ", " + name + ", " + contentType + ", " + bytes.length + " bytes]";
        }
    }

    public SpaceSnapshot {
        pages = List.copyOf(pages);
        files = List.copyOf(files);
    }
}
