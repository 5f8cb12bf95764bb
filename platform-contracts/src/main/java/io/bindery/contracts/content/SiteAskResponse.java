package io.bindery.contracts.content;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.util.List;

/**
 * The answer to {@link SiteAskRequest}: the passages found, best first (none: nothing found), and {@code written}, the
 * answer written from them by the operator's language model, citing them as {@code [1]}, {@code [2]}, … in the order
 * of {@code passages}; null when no model is configured or it did not answer (retrieval only). A passage's
 * {@code text} is plain text of its section from its start, cut at about 700 characters (as the organization's ask
 * quotes); {@code anchor} names the section ("" for the page's top).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record SiteAskResponse(List<Passage> passages, String written) {
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Passage(String space, String revision, String page, String pageTitle, String path, String anchor,
                          String sectionTitle, String text, double score) {
    }
}
