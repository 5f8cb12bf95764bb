package io.bindery.insights.client;

import io.bindery.commons.client.InternalClients;
import io.bindery.commons.client.Unreachable;
import io.bindery.insights.config.InsightsConfig;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.ProcessingException;

import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The REST Clients of content's and review's public API, built as every internal client is (commons'
 * {@link InternalClients}: timeouts, their 4xx passed on with status and message, a 5xx a 503). A call carries the
 * user's bearer token; the service unreachable or silent past the timeout is a 503.
 */
@ApplicationScoped
public class PublicApiClients {
    @Inject
    InsightsConfig config;

    PublicContentApi content;
    PublicReviewApi review;

    @PostConstruct
    void build() {
        InsightsConfig.Translations t = config.translations();
        content = InternalClients.build(PublicContentApi.class, "content-service", t.contentUrl(), t.connectTimeout(),
                t.callTimeout());
        review = InternalClients.build(PublicReviewApi.class, "review-service", t.reviewUrl(), t.connectTimeout(),
                t.callTimeout());
    }

    /** One call of content's public API as the user: {@code call} gets the client and the Authorization value. */
    public <T> T content(String token, BiFunction<PublicContentApi, String, T> call) {
        return call(token, auth -> call.apply(content, auth), "content-service");
    }

    /** One call of review's public API as the user. */
    public <T> T review(String token, BiFunction<PublicReviewApi, String, T> call) {
        return call(token, auth -> call.apply(review, auth), "review-service");
    }

    private static <T> T call(String token, Function<String, T> request, String service) {
        try {
            return request.apply("Bearer " + token);
        } catch (ProcessingException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new Unreachable(service + " unavailable: " + cause.getMessage());
        }
    }
}
