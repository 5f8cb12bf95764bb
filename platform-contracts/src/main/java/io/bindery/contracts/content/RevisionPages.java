package io.bindery.contracts.content;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.util.List;

/** {@code POST /internal/spaces/{s}/revisions/{r}/pages}: the pages asked for, each as one page's read answers it. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record RevisionPages(String space, String revision, List<RevisionPage> pages) {
}
