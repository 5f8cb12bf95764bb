package io.bindery.contracts.identity;

/**
 * {@code POST /internal/service-tokens} (bearer: the deployment's service secret): a token for calls from
 * {@code service} to {@code audience}, e.g. review-service to content-service.
 */
public record ServiceTokenRequest(String service, String audience) {
}
