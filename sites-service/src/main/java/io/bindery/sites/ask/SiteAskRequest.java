package io.bindery.sites.ask;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;

import java.util.List;

/**
 * {@code POST /orgs/{o}/sites/{s}/ask}: GitBook's body ({@code question}, 1 to 512 characters; {@code scope}, one of
 * {@code {"mode":"default", "currentSiteSpace"?}}, {@code {"mode":"specific", "siteSpaceIds":[…]}} (at least one) or
 * {@code {"mode":"all"}}; {@code context.siteSpaceId}, accepted: retrieval does not use it) and the query parameter
 * {@code format} ({@code document}, the default, or {@code markdown}).
 */
public record SiteAskRequest(String question, Mode mode, String currentSiteSpace, List<String> siteSpaceIds,
                             String format) {
    static final int MAX_QUESTION = 512;

    public enum Mode { DEFAULT, SPECIFIC, ALL }

    public static SiteAskRequest from(JsonNode node, String format) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            throw ApiException.badRequest("a body {question, scope} is required");
        }
        JsonBody body = JsonBody.of(node);
        String question = body.requiredString("question", 1, MAX_QUESTION);
        if (question.isBlank()) {
            throw ApiException.badRequest("question must not be blank");
        }
        JsonBody scope = body.object("scope").orElseThrow(() -> ApiException.badRequest("scope is required"));
        String mode = scope.requiredString("mode", 1, 20);
        String current = null;
        List<String> ids = List.of();
        Mode m;
        switch (mode) {
            case "default" -> {
                m = Mode.DEFAULT;
                current = scope.string("currentSiteSpace").orElse(null);
            }
            case "specific" -> {
                m = Mode.SPECIFIC;
                ids = scope.strings("siteSpaceIds").orElseThrow(() -> ApiException.badRequest("scope.siteSpaceIds is required"));
                if (ids.isEmpty()) {
                    throw ApiException.badRequest("scope.siteSpaceIds: at least one");
                }
            }
            case "all" -> m = Mode.ALL;
            default -> throw ApiException.badRequest("scope.mode must be default, specific or all");
        }
        body.object("context").ifPresent(c -> c.string("siteSpaceId"));
        String f = format == null || format.isEmpty() ? "document" : format;
        if (!f.equals("document") && !f.equals("markdown")) {
            throw ApiException.badRequest("format must be document or markdown");
        }
        return new SiteAskRequest(question, m, current, ids, f);
    }
}
