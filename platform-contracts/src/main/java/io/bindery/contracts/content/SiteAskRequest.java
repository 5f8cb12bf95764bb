package io.bindery.contracts.content;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.util.List;

/**
 * {@code POST /internal/ask}: ask over the live revisions of the given spaces, for sites-service (a site's ask and the
 * reader's {@code .md?ask=}), which has already decided which spaces the caller or visitor may read. The answer is at
 * most {@code passages} (1-10) passages, best first.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record SiteAskRequest(List<String> spaces, String question, int passages) {
}
