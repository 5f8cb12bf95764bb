package io.bindery.commons.events;

import java.time.Duration;

/**
 * When a parked event is tried again after {@code attempts} failed retries: the first delay doubled per failure, at
 * most {@code cap}, less up to a quarter at random (jitter), so that events parked together by one outage do not
 * all come back in the same second.
 */
public record RetrySchedule(Duration first, Duration cap) {
    public RetrySchedule {
        if (first.isNegative() || first.isZero() || cap.compareTo(first) < 0) {
            throw new IllegalArgumentException("a retry schedule needs 0 < first <= cap, not " + first + " / " + cap);
        }
    }

    /** The delay before the next try; {@code random} in [0, 1). */
    public Duration delay(int attempts, double random) {
        long capMillis = cap.toMillis();
        long base = first.toMillis();
        for (int i = 0; i < attempts && base < capMillis; i++) {
            base *= 2;
        }
        base = Math.min(base, capMillis);
        return Duration.ofMillis(base - (long) (base * 0.25 * Math.max(0, Math.min(random, 1))));
    }
}
