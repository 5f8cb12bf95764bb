package io.bindery.gateway.limits;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RateLimiterTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void allowsTheBurstThenRefusesWithRetryAfter() {
        RateLimiter limiter = new RateLimiter(5, 100);
        long now = 1_000 * SECOND;
        long wall = 1_700_000_000_000L;
        for (int i = 0; i < 5; i++) {
            RateLimiter.Decision d = limiter.acquire("t", now, wall);
            assertTrue(d.allowed());
            assertEquals(5, d.limit());
            assertEquals(4 - i, d.remaining());
        }
        RateLimiter.Decision refused = limiter.acquire("t", now, wall);
        assertFalse(refused.allowed());
        assertEquals(0, refused.remaining());
        assertEquals(12, refused.retryAfterSeconds()); // one token per 12 s
        assertEquals(wall / 1000 + 60, refused.resetEpochSeconds()); // empty bucket: full again in a minute
    }

    @Test
    void refillsContinuously() {
        RateLimiter limiter = new RateLimiter(60, 100); // one per second
        long now = 0;
        for (int i = 0; i < 60; i++) {
            assertTrue(limiter.acquire("t", now, 0).allowed());
        }
        assertFalse(limiter.acquire("t", now, 0).allowed());
        assertFalse(limiter.acquire("t", now + SECOND / 2, 0).allowed());
        assertTrue(limiter.acquire("t", now + SECOND, 0).allowed());
        RateLimiter.Decision d = limiter.acquire("t", now + SECOND, 0);
        assertFalse(d.allowed());
        assertEquals(1, d.retryAfterSeconds());
    }

    @Test
    void keysAreIndependent() {
        RateLimiter limiter = new RateLimiter(1, 100);
        assertTrue(limiter.acquire("a", 0, 0).allowed());
        assertFalse(limiter.acquire("a", 0, 0).allowed());
        assertTrue(limiter.acquire("b", 0, 0).allowed());
    }

    @Test
    void resetIsWhenTheBucketIsFullAgain() {
        RateLimiter limiter = new RateLimiter(600, 100); // 10 per second
        RateLimiter.Decision d = null;
        for (int i = 0; i < 100; i++) {
            d = limiter.acquire("t", 0, 5_000);
        }
        assertEquals(500, d.remaining());
        assertEquals(5 + 10, d.resetEpochSeconds()); // 100 tokens at 10/s
    }

    @Test
    void idleBucketsAreEvictedAndMemoryIsBounded() {
        RateLimiter limiter = new RateLimiter(60, 3);
        limiter.acquire("a", 0, 0);
        limiter.acquire("b", 0, 0);
        assertEquals(2, limiter.size());
        limiter.evictIdle(SECOND / 2);
        assertEquals(2, limiter.size(), "not yet refilled");
        limiter.evictIdle(2 * SECOND);
        assertEquals(0, limiter.size());

        for (int i = 0; i < 10; i++) {
            limiter.acquire("k" + i, 0, 0);
            assertTrue(limiter.size() <= 3);
        }
    }
}
