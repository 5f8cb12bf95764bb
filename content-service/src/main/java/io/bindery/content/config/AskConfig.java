package io.bindery.content.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.Optional;

/**
 * Ask's optional answer writer ({@code bindery.ask.writer.*}): an OpenAI-compatible chat endpoint (OpenAI, a local
 * Ollama's {@code http://host:11434/v1}, vLLM, …) that writes the answer from the passages found, citing them. Off
 * while {@code base-url} is unset: ask then answers with the passages alone (retrieval only).
 */
@ConfigMapping(prefix = "bindery.ask")
public interface AskConfig {

    Writer writer();

    interface Writer {
        /** The endpoint's base URL, up to {@code /v1} (chat completions are posted to {@code <base-url>/chat/completions}). */
        Optional<String> baseUrl();

        /** The model asked for (env BINDERY_ASK_WRITER_MODEL). */
        @WithDefault("llama3.2")
        String model();

        /** Sent as {@code Authorization: Bearer}; a local endpoint needs none. */
        Optional<String> apiKey();

        /**
         * How long ask waits for the written answer before answering with the passages alone: an answer late is an
         * answer without writing, never an error. Below sites' wait for content (bindery.internal-call-timeout, 10 s),
         * so that a site's ask falls back to its passages too.
         */
        @WithDefault("PT8S")
        Duration timeout();
    }
}
