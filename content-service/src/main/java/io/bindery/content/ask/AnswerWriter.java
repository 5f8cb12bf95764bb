package io.bindery.content.ask;

import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import io.bindery.content.config.AskConfig;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.util.List;
import java.util.Optional;

/**
 * Writes an answer from the passages found, with citations {@code [1]}, {@code [2]}, … in their order, through the
 * OpenAI-compatible chat endpoint the operator configured ({@link AskConfig}; langchain4j's OpenAI client). Without
 * one, or when it fails or is late, there is no written answer and ask answers with the passages alone: the writer
 * only ever adds to a retrieval answer.
 */
@ApplicationScoped
public class AnswerWriter {
    private static final Logger LOG = Logger.getLogger(AnswerWriter.class);

    static final String INSTRUCTIONS = """
            You answer questions about a documentation site using only the numbered passages given with the question.
            Cite the passages you use with their numbers in square brackets, like [1] or [2][3], right after the \
            sentence they support. If the passages do not hold the answer, say so in one sentence and do not guess. \
            Answer in markdown, briefly, in the language of the question.""";

    /** One passage as the writer sees it: where it is (a title) and its text. */
    public record Source(String title, String text) {
    }

    @Inject
    AskConfig config;

    private ChatModel model;

    @PostConstruct
    void build() {
        AskConfig.Writer w = config.writer();
        if (w.baseUrl().filter(u -> !u.isBlank()).isEmpty()) {
            return;
        }
        model = OpenAiChatModel.builder()
                .baseUrl(w.baseUrl().get())
                // local endpoints (Ollama) take any key; the client requires one
                .apiKey(w.apiKey().filter(k -> !k.isBlank()).orElse("none"))
                .modelName(w.model())
                .temperature(0.0)
                .timeout(w.timeout())
                // a retry would only make a late answer later: ask falls back to the passages instead
                .maxRetries(0)
                .build();
    }

    public boolean enabled() {
        return model != null;
    }

    /** The answer written from the sources, citing them by number; empty when there is no writer or it failed. */
    public Optional<String> write(String question, List<Source> sources) {
        if (model == null || sources.isEmpty()) {
            return Optional.empty();
        }
        StringBuilder prompt = new StringBuilder("Question: ").append(question.strip()).append("\n\nPassages:\n");
        for (int i = 0; i < sources.size(); i++) {
            prompt.append("\n[").append(i + 1).append("] ").append(sources.get(i).title()).append('\n')
                    .append(sources.get(i).text().strip()).append('\n');
        }
        try {
            String text = model.chat(SystemMessage.from(INSTRUCTIONS), UserMessage.from(prompt.toString())).aiMessage().text();
            return Optional.ofNullable(text).map(String::strip).filter(t -> !t.isEmpty());
        } catch (RuntimeException e) {
            LOG.warnf("ask answered with passages only: the answer writer failed (%s)", e.toString());
            return Optional.empty();
        }
    }
}
