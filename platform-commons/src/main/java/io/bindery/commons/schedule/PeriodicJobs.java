package io.bindery.commons.schedule;

import io.quarkus.arc.Arc;
import io.quarkus.arc.ArcContainer;
import io.quarkus.arc.ManagedContext;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.configuration.DurationConverter;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Runs a service's periodic jobs (the outbox's safety poll, parked events' retries, sweeps): each again a period after
 * its previous run ended, so that a run never overlaps the next, on two threads that sleep until a job is due.
 * <p>
 * Not Quarkus' {@code @Scheduled}: its scheduler looks at its triggers every second whatever their periods (a
 * constant of SimpleScheduler), and each look cost an idle service ~1.5 ms of CPU, 0.1-0.15 % of a core per service
 * and the largest wake-up left at rest (per-thread schedstat; issue 29, README round 13). These jobs run every 10 s
 * to 1 h.
 * <p>
 * A job runs with a request context (as {@code @Scheduled} methods do: a store may use the request's EntityManager);
 * what it throws is logged and the job runs again a period later.
 */
@Singleton
public class PeriodicJobs {
    private static final Logger LOG = Logger.getLogger(PeriodicJobs.class);
    /** Two, so that one long run (a clustering, an embedding batch) does not hold a service's other jobs back. */
    private static final int THREADS = 2;

    private final ScheduledThreadPoolExecutor pool;

    PeriodicJobs() {
        pool = new ScheduledThreadPoolExecutor(THREADS, Thread.ofPlatform().name("periodic-job-", 1).daemon().factory());
        pool.setRemoveOnCancelPolicy(true);
        pool.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    }

    /**
     * Runs {@code job} every {@code period}, a configured value read as {@code @Scheduled}'s {@code every} did
     * ({@code 30s}, {@code 1h}, {@code PT60S}, or {@code off} / {@code disabled} for never), first {@code firstAfter}
     * after the call (the period when null). The value comes from the service's typed configuration, whose default is
     * the one place a job's period is written.
     *
     * @return whether the job was scheduled (false when off)
     */
    public boolean every(String name, String period, Duration firstAfter, Runnable job) {
        Optional<Duration> every = period(period);
        if (every.isEmpty()) {
            LOG.debugf("periodic job %s is off (%s)", name, period);
            return false;
        }
        every(name, every.get(), firstAfter == null ? every.get() : firstAfter, job);
        return true;
    }

    /** Runs {@code job} every {@code period}, first {@code firstAfter} after the call. */
    public void every(String name, Duration period, Duration firstAfter, Runnable job) {
        if (period.isNegative() || period.isZero()) {
            throw new IllegalArgumentException("periodic job " + name + ": the period must be positive, not " + period);
        }
        pool.scheduleWithFixedDelay(() -> run(name, period, job), Math.max(0, firstAfter.toMillis()), period.toMillis(),
                TimeUnit.MILLISECONDS);
    }

    /**
     * A configured period as {@code @Scheduled}'s {@code every} read it ({@code 30s}, {@code 1h}, {@code PT60S});
     * empty for {@code off} and {@code disabled}.
     */
    public static Optional<Duration> period(String value) {
        String v = value.trim();
        if (v.equalsIgnoreCase("off") || v.equalsIgnoreCase("disabled")) {
            return Optional.empty();
        }
        return Optional.of(DurationConverter.parseDuration(v));
    }

    private static void run(String name, Duration period, Runnable job) {
        // no container outside a running application (PeriodicJobsTest): then there is no request context to give
        ArcContainer container = Arc.container();
        ManagedContext requests = container == null ? null : container.requestContext();
        boolean activated = requests != null && !requests.isActive();
        if (activated) {
            requests.activate();
        }
        try {
            job.run();
        } catch (VirtualMachineError fatal) {
            throw fatal;
        } catch (Throwable e) {
            // thrown out of a scheduled task, it would end the schedule
            LOG.errorf(e, "periodic job %s failed; it runs again in %s", name, period);
        } finally {
            if (activated) {
                requests.terminate();
            }
        }
    }

    /** Runs already under way finish (their threads are daemons); none starts after this. */
    void stop(@Observes ShutdownEvent event) {
        pool.shutdown();
    }
}
