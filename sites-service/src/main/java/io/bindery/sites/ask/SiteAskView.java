package io.bindery.sites.ask;

import java.util.List;
import java.util.Map;

/**
 * GitBook's SearchAIAnswerStream event: {@code {"type":"answer","answer":SearchAIAnswer}}. The answer's
 * {@code answer} is a Document ({@code {"markdown": …}} or {@code {"document": …}} by the format asked for), empty
 * ({@code {}}) when nothing was found.
 */
public record SiteAskView(String type, Answer answer) {

    public record Answer(Map<String, Object> answer, List<Source> sources, List<String> followupQuestions) {
    }

    /** SearchAIAnswerSourcePage. */
    public record Source(String type, String reason, String page, String revision, String space, List<String> sections) {
    }
}
