package io.bindery.content.ask;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;
import java.util.Map;

/**
 * GitBook's answer to ask: {@code {"answer": SearchAIAnswer}}, or {@code {}} when nothing was found. The answer's
 * {@code answer} is a Document: {@code {"markdown": …}} or {@code {"document": …}} by the format asked for.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AskView(Answer answer) {

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Answer(Map<String, Object> answer, List<Source> sources, List<String> followupQuestions) {
    }

    /** SearchAIAnswerSourcePage. */
    public record Source(String type, String reason, String page, String revision, String space, List<String> sections) {
    }
}
