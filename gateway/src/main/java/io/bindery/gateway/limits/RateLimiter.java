package io.bindery.gateway.limits;

import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Per-key token buckets (the key is a token id): {@code perMinute} tokens refilled continuously, the bucket holds
 * at most {@code perMinute} (the burst). Memory is bounded: {@link #evictIdle} drops buckets that have refilled
 * completely (an idle key is indistinguishable from a new one), and when {@code maxBuckets} is reached an
 * eviction runs inline; if every bucket is still in use, the map is cleared (a rare burst of distinct valid
 * tokens briefly gets full buckets rather than unbounded memory).
 *
 * <p>Pure and clock-injected so it is unit-tested without sleeping; one synchronized bucket per key.
 */
public final class RateLimiter {
    private final long limit;
    private final double tokensPerNano;
    private final int maxBuckets;
    private final ConcurrentHashMap<String, Bucket> buckets = new ConcurrentHashMap<>();

    public RateLimiter(long perMinute, int maxBuckets) {
        if (perMinute <= 0) {
            throw new IllegalArgumentException("rate limit per minute must be positive");
        }
        this.limit = perMinute;
        this.tokensPerNano = perMinute / 60e9;
        this.maxBuckets = Math.max(1, maxBuckets);
    }

    public long limit() {
        return limit;
    }

    /**
     * Takes one token for {@code key}.
     *
     * @param nowNanos  a monotonic clock ({@link System#nanoTime()})
     * @param nowMillis the wall clock ({@link System#currentTimeMillis()}), for the reset time
     */
    public Decision acquire(String key, long nowNanos, long nowMillis) {
        Bucket bucket = buckets.get(key);
        if (bucket == null) {
            if (buckets.size() >= maxBuckets) {
                evictIdle(nowNanos);
                if (buckets.size() >= maxBuckets) {
                    buckets.clear();
                }
            }
            Bucket fresh = new Bucket(limit, nowNanos);
            bucket = buckets.putIfAbsent(key, fresh);
            if (bucket == null) {
                bucket = fresh;
            }
        }
        double tokens;
        boolean allowed;
        synchronized (bucket) {
            tokens = refill(bucket, nowNanos);
            allowed = tokens >= 1.0;
            if (allowed) {
                tokens -= 1.0;
                bucket.tokens = tokens;
            }
        }
        double perSecond = tokensPerNano * 1e9;
        long nowSeconds = nowMillis / 1000;
        long resetAt = nowSeconds + (long) Math.ceil((limit - tokens) / perSecond);
        long retryAfter = allowed ? 0 : Math.max(1, (long) Math.ceil((1.0 - tokens) / perSecond));
        return new Decision(allowed, limit, (long) Math.floor(tokens), resetAt, retryAfter);
    }

    private double refill(Bucket bucket, long nowNanos) {
        long elapsed = nowNanos - bucket.updatedNanos;
        if (elapsed > 0) {
            bucket.tokens = Math.min(limit, bucket.tokens + elapsed * tokensPerNano);
            bucket.updatedNanos = nowNanos;
        }
        return bucket.tokens;
    }

    /** Drops the buckets that are full again (their keys have been idle long enough to refill). */
    public void evictIdle(long nowNanos) {
        for (Iterator<Map.Entry<String, Bucket>> it = buckets.entrySet().iterator(); it.hasNext(); ) {
            Bucket bucket = it.next().getValue();
            boolean full;
            synchronized (bucket) {
                full = refill(bucket, nowNanos) >= limit;
            }
            if (full) {
                it.remove();
            }
        }
    }

    public int size() {
        return buckets.size();
    }

    /**
     * The verdict and what to tell the client: {@code X-RateLimit-Limit}, {@code -Remaining}, {@code -Reset}
     * (epoch seconds when the bucket is full again) and, when refused, {@code Retry-After} seconds (at least 1).
     */
    public record Decision(boolean allowed, long limit, long remaining, long resetEpochSeconds, long retryAfterSeconds) {
    }

    private static final class Bucket {
        double tokens;
        long updatedNanos;

        Bucket(double tokens, long updatedNanos) {
            this.tokens = tokens;
            this.updatedNanos = updatedNanos;
        }
    }
}
