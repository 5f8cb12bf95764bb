package io.bindery.commons.memory;

/**
 * When a quiet service should collect its whole heap so the serial collector gives the pages back (issue 29), as a
 * plain decision over what the JVM reports, so it can be tested without waiting for a JVM to go quiet.
 *
 * <p>Quiet: no young collection since the last check, i.e. the service allocated less than one young generation
 * in a whole interval. Worth it: the committed heap is {@link #GROWN_BYTES} over the initial size (a burst grew
 * it). Once: after a release the next one waits for young collections to happen again, so a service at rest is
 * collected once, not every interval.
 */
public final class QuietHeap {
    /** Below this growth over {@code -Xms} a full collection would not give back enough to be worth its pause. */
    static final long GROWN_BYTES = 16L << 20;

    private long lastYoungCount = -1;
    private long releasedAtYoungCount = -1;

    /**
     * Called once an interval with the young collector's count and the heap's committed and initial bytes; true
     * when the caller should collect now (the caller then reports the count after the collection through
     * {@link #released}).
     */
    public synchronized boolean shouldRelease(long youngCount, long committed, long initial) {
        boolean quiet = youngCount == lastYoungCount;
        lastYoungCount = youngCount;
        return quiet && youngCount != releasedAtYoungCount && committed > initial + GROWN_BYTES;
    }

    /** The collection ran; {@code youngCount} is the young collector's count after it. */
    public synchronized void released(long youngCount) {
        lastYoungCount = youngCount;
        releasedAtYoungCount = youngCount;
    }
}
