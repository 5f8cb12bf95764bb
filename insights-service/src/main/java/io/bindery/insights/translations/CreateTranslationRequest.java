package io.bindery.insights.translations;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;
import io.bindery.insights.instructions.RichText;

import java.util.List;
import java.util.Set;

/**
 * POST /orgs/{o}/translations: {@code source} {space, language}, {@code language}, {@code instructions} (a rich-text
 * document, optional). Languages are GitBook's TranslationLanguage values; whether the pair is installed is checked
 * by the caller against the engine.
 */
public record CreateTranslationRequest(String sourceSpace, String sourceLanguage, String language, String instructions) {
    /** GitBook's TranslationLanguage. */
    public static final List<String> LANGUAGES = List.of("en", "fr", "de", "es", "it", "pt", "pt-br", "ru", "ja", "zh",
            "yue", "ko", "ar", "hi", "nl", "pl", "tr", "sv", "no", "da", "fi", "el", "cs", "hu", "ro", "th", "vi", "id",
            "ms", "he", "uk", "sk", "bg", "hr", "lt", "lv", "et", "sl");
    private static final Set<String> KNOWN = Set.copyOf(LANGUAGES);

    public static CreateTranslationRequest from(JsonNode node) {
        JsonBody body = JsonBody.of(node);
        JsonBody source = body.object("source").orElseThrow(() -> ApiException.badRequest("source is required: {space, language}"));
        String space = source.string("space").filter(s -> !s.isBlank())
                .orElseThrow(() -> ApiException.badRequest("source.space is required"));
        if (space.length() > 64 || !space.matches("[A-Za-z0-9_-]+")) {
            throw ApiException.badRequest("source.space must be a space id");
        }
        String from = language(source.string("language").orElse(null), "source.language");
        String to = language(body.string("language").orElse(null), "language");
        if (from.equals(to)) {
            throw ApiException.badRequest("language must differ from source.language");
        }
        String instructions = body.has("instructions") && !body.isNull("instructions")
                ? RichText.markdown(body.raw("instructions"), "instructions", true) : "";
        return new CreateTranslationRequest(space, from, to, instructions);
    }

    static String language(String value, String field) {
        if (value == null) {
            throw ApiException.badRequest(field + " is required");
        }
        if (!KNOWN.contains(value)) {
            // the value refused, then the ones allowed (a long value is cut: the message stays readable)
            String shown = value.length() > 40 ? value.substring(0, 40) + "…" : value;
            throw ApiException.badRequest(field + " '" + shown + "' is not a supported language: it must be one of "
                    + String.join(", ", LANGUAGES));
        }
        return value;
    }
}
