package io.bindery.commons.client;

import io.bindery.commons.auth.RevocationList;
import io.bindery.commons.auth.ServiceTokens;
import io.bindery.commons.auth.TokenVerifier;
import io.bindery.contracts.identity.IdentityRevocationsApi;
import io.bindery.contracts.identity.IdentityServiceTokensApi;
import org.eclipse.microprofile.config.Config;

import java.time.Duration;

/**
 * The token classes with their REST Clients of identity, for the services ({@link AuthProducers}: clients of identity's
 * contracts themselves) and the gateway (which has no commons beans; its client interface extends both contracts). The timeouts are those of the JDK client
 * these calls used before: 2 s to connect, 3 s for an answer, a long poll's wait on top.
 */
public final class IdentityCalls {
    static final Duration CONNECT = Duration.ofSeconds(2);
    static final Duration ANSWER = Duration.ofSeconds(3);

    private IdentityCalls() {
    }

    public static ServiceTokens serviceTokens(Class<? extends IdentityServiceTokensApi> api, String identityUrl,
                                             String serviceName, String secret) {
        return new ServiceTokens(InternalClients.plain(api, identityUrl, CONNECT, ANSWER), serviceName, secret);
    }

    /** As {@link #serviceTokens(Class, String, String, String)}, from {@code bindery.identity-url}, {@code bindery.service.name} and {@code bindery.service-secret}. */
    public static ServiceTokens serviceTokens(Class<? extends IdentityServiceTokensApi> api, Config config) {
        return serviceTokens(api, identityUrl(config),
                config.getOptionalValue("bindery.service.name", String.class).orElse("gateway"),
                config.getOptionalValue("bindery.service-secret", String.class).orElse(""));
    }

    /**
     * The verifier from configuration shared by the gateway and every service: {@code mp.jwt.verify.publickey.location}
     * (JWKS URL), {@code mp.jwt.verify.issuer} and {@code bindery.identity-url} (where revocations are polled, with a
     * service token from {@code tokens}). Pointing the first two at an external OIDC issuer is configuration only.
     */
    public static TokenVerifier tokenVerifier(Class<? extends IdentityRevocationsApi> api, Config config,
                                              ServiceTokens tokens) {
        String identity = identityUrl(config);
        String jwks = config.getOptionalValue("mp.jwt.verify.publickey.location", String.class)
                .orElse(identity + "/.well-known/jwks.json");
        String issuer = config.getOptionalValue("mp.jwt.verify.issuer", String.class).orElse("bindery");
        long pollMs = config.getOptionalValue("bindery.revocations.poll-ms", Long.class).orElse(1000L);
        // long polls (identity holds an empty answer until a revocation, at most this long); 0: plain polling
        long waitMs = config.getOptionalValue("bindery.revocations.wait-ms", Long.class).orElse(55_000L); // identity holds at most 60 s
        return new TokenVerifier(jwks, issuer, revocations(api, identity, Duration.ofMillis(pollMs), Duration.ofMillis(waitMs),
                tokens));
    }

    /** Revocations polled from identity at {@code identityUrl} every {@code interval}, long polls waiting {@code wait}. */
    public static RevocationList revocations(Class<? extends IdentityRevocationsApi> api, String identityUrl,
                                             Duration interval, Duration wait, ServiceTokens tokens) {
        return new RevocationList(InternalClients.plain(api, identityUrl, CONNECT, ANSWER),
                InternalClients.plain(api, identityUrl, CONNECT, ANSWER.plus(wait)), interval, wait,
                () -> tokens.authorization(ServiceTokens.IDENTITY));
    }

    private static String identityUrl(Config config) {
        return config.getOptionalValue("bindery.identity-url", String.class).orElse("http://127.0.0.1:8081");
    }
}
