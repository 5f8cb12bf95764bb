package io.bindery.commons.schedule;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PeriodicJobsTest {
    private final PeriodicJobs jobs = new PeriodicJobs();

    @AfterEach
    void stop() {
        jobs.stop(null);
    }

    @Test
    void aJobRunsAgainAndAgainEvenAfterItFailed() throws InterruptedException {
        AtomicInteger runs = new AtomicInteger();
        CountDownLatch fourRuns = new CountDownLatch(4);
        jobs.every("flaky", Duration.ofMillis(10), Duration.ZERO, () -> {
            fourRuns.countDown();
            if (runs.incrementAndGet() % 2 == 1) {
                throw new IllegalStateException("every other run fails");
            }
        });
        assertTrue(fourRuns.await(5, TimeUnit.SECONDS), "runs so far: " + runs.get());
    }

    @Test
    void aRunNeverOverlapsTheNext() throws InterruptedException {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        CountDownLatch threeRuns = new CountDownLatch(3);
        jobs.every("slow", Duration.ofMillis(1), Duration.ZERO, () -> {
            most.accumulateAndGet(running.incrementAndGet(), Math::max);
            try {
                Thread.sleep(30);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            running.decrementAndGet();
            threeRuns.countDown();
        });
        assertTrue(threeRuns.await(5, TimeUnit.SECONDS));
        assertEquals(1, most.get(), "the next run starts a period after the previous one ended");
    }

    @Test
    void aConfiguredPeriodOfOffSchedulesNothing() throws InterruptedException {
        AtomicInteger runs = new AtomicInteger();
        assertFalse(jobs.every("never", "off", Duration.ZERO, runs::incrementAndGet));
        assertFalse(jobs.every("never either", " Disabled ", Duration.ZERO, runs::incrementAndGet));
        CountDownLatch ran = new CountDownLatch(1);
        assertTrue(jobs.every("soon", "PT0.01S", null, ran::countDown));
        assertTrue(ran.await(5, TimeUnit.SECONDS));
        assertEquals(0, runs.get());
    }

    @Test
    void periodsReadAsScheduledEveryDid() {
        assertEquals(Optional.of(Duration.ofSeconds(30)), PeriodicJobs.period("30s"));
        assertEquals(Optional.of(Duration.ofHours(1)), PeriodicJobs.period("1h"));
        assertEquals(Optional.of(Duration.ofSeconds(60)), PeriodicJobs.period("PT60S"));
        assertEquals(Optional.empty(), PeriodicJobs.period("off"));
        assertThrows(IllegalArgumentException.class, () -> PeriodicJobs.period("often"));
        assertThrows(IllegalArgumentException.class, () -> jobs.every("busy", "0s", null, () -> { }));
    }
}
