package io.bindery.insights.client;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.util.List;

/** What a translation run reads of content's and review's public answers (GitBook's shapes; the rest is ignored). */
public final class PublicViews {
    private PublicViews() {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Space(String id, String title, String organization, String parent, String revision) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Pages(List<Page> pages) {
    }

    /** A page of the table of contents: a document, a group or a link, with its children. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Page(String id, String title, String slug, String path, String type, List<Page> pages) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Markdown(String markdown) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record ChangeRequest(String id) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Merged(String revision) {
    }
}
