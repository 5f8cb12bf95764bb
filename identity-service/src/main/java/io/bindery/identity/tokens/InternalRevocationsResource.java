package io.bindery.identity.tokens;

import io.bindery.contracts.identity.IdentityRevocationsApi;
import io.bindery.contracts.identity.TokenRevocationsResponse;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.inject.Inject;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Internal (never routed by the gateway): revoked tokens after a sequence number, polled by every token
 * verifier (gateway and services) so revocation takes effect everywhere within seconds. With {@code wait} (ms, at
 * most {@link #MAX_WAIT_MS}) an answer that would be empty waits for a revocation instead (a long poll, see
 * {@link RevocationWaits}), so idle verifiers do not ask every second.
 */
@Blocking // on the class too: the path is the contract's, and the first read is a query (a worker thread)
public class InternalRevocationsResource implements IdentityRevocationsApi {
    private static final int PAGE = 1000;
    static final long MAX_WAIT_MS = 60_000;

    @Inject
    Tokens tokens;
    @Inject
    RevocationWaits waits;

    @Override
    @Blocking
    public CompletionStage<TokenRevocationsResponse> after(String authorization, Long after, Long waitMs) {
        long seq = after == null || after < 0 ? 0 : after;
        TokenRevocationsResponse now = read(seq);
        long wait = waitMs == null ? 0 : Math.min(Math.max(waitMs, 0), MAX_WAIT_MS);
        if (!now.items().isEmpty() || wait == 0) {
            return CompletableFuture.completedFuture(now);
        }
        return waits.after(seq, wait).thenApplyAsync(v -> read(seq), Infrastructure.getDefaultWorkerPool());
    }

    private TokenRevocationsResponse read(long seq) {
        List<TokenRevocationsResponse.Revocation> items = tokens.revocationsAfter(seq, PAGE);
        return new TokenRevocationsResponse(items, items.size() == PAGE);
    }
}
