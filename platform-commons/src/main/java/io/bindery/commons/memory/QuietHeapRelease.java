package io.bindery.commons.memory;

import io.bindery.commons.config.BinderyServiceConfig;
import io.bindery.commons.schedule.PeriodicJobs;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.time.Duration;
import org.jboss.logging.Logger;

/**
 * Gives a quiet service's heap back to the operating system after a burst, when the JVM runs the serial collector
 * (every service under `./platform`; issue 29; the gateway does not index platform-commons' beans, and its heap is
 * small).
 * G1 does this itself ({@code G1PeriodicGCInterval}), but serial GC shrinks the heap only at a full collection, which a
 * service at rest never reaches: after bench/content.sh, spaces.sh and search.sh content-service kept its 96 MB of heap
 * resident. A {@code System.gc()} once the service is quiet (see {@link QuietHeap}) shrinks the heap to its live set
 * over the {@code Min/MaxHeapFreeRatio} the services run with. Under load young collections keep coming, so it never
 * fires; with another collector it does nothing.
 *
 * <p>Checks every 20 s unless {@code bindery.memory.quiet-check-every} says otherwise ({@code off} stops it). It gave
 * content-service 15–25 MB less RSS at rest (README, issue 29 round 8), and lets the other services leave G1, whose
 * periodic collection was their way to give a burst's heap back (round 11).
 * The reader's fall that kept it off at first (bench/compare.sh against d2844f3: 1.01, 0.88, 0.62) came back with it
 * off and the same code on both sides (round 9: 1.01, 1.02, 0.79 with one side always first), so it was the run order
 * and the noise; round 10 measured it on again.
 */
@ApplicationScoped
public class QuietHeapRelease {
    private static final Logger LOG = Logger.getLogger(QuietHeapRelease.class);
    /** The serial collector's young generation ("Copy"); G1, Parallel and ZGC name theirs otherwise. */
    private static final String SERIAL_YOUNG = "Copy";
    /** Full collections in a row at most, while each still shrinks the heap by a MB. */
    private static final int MAX_COLLECTIONS = 4;

    private final QuietHeap quiet = new QuietHeap();
    private final GarbageCollectorMXBean young = ManagementFactory.getGarbageCollectorMXBeans().stream()
            .filter(gc -> gc.getName().equals(SERIAL_YOUNG)).findFirst().orElse(null);

    void schedule(@Observes StartupEvent event, PeriodicJobs jobs, BinderyServiceConfig config) {
        if (young != null) {
            jobs.every("quiet heap check", config.memory().quietCheckEvery(), Duration.ofSeconds(60), this::check);
        }
    }

    /** Only scheduled under the serial collector ({@link #young} known). */
    void check() {
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        if (quiet.shouldRelease(young.getCollectionCount(), heap.getCommitted(), heap.getInit())) {
            long first = heap.getCommitted();
            long before = first;
            // the serial collector shrinks the old generation by a growing share at each full collection in a row
            // (measured on content-service after bench/content.sh, spaces.sh and search.sh, jcmd GC.run three times:
            // the old generation 63 -> 57 -> 49 -> 49 MB committed, RSS 330 -> 323 -> 312 -> 311 MB)
            for (int i = 0; i < MAX_COLLECTIONS; i++) {
                System.gc();
                long after = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getCommitted();
                if (i > 0 && before - after < (1L << 20)) {
                    break;
                }
                before = after;
            }
            quiet.released(young.getCollectionCount());
            LOG.debugf("quiet: heap collected, committed %d -> %d MB", first >> 20, before >> 20);
        }
    }
}
