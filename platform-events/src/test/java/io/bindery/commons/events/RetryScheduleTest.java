package io.bindery.commons.events;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RetryScheduleTest {
    private final RetrySchedule schedule = new RetrySchedule(Duration.ofSeconds(30), Duration.ofHours(1));

    @Test
    void doublesPerRetryUpToTheCap() {
        assertEquals(Duration.ofSeconds(30), schedule.delay(0, 0));
        assertEquals(Duration.ofSeconds(60), schedule.delay(1, 0));
        assertEquals(Duration.ofSeconds(240), schedule.delay(3, 0));
        assertEquals(Duration.ofHours(1), schedule.delay(7, 0));
        assertEquals(Duration.ofHours(1), schedule.delay(Integer.MAX_VALUE, 0), "no overflow");
    }

    @Test
    void jitterTakesOffAtMostAQuarter() {
        assertEquals(Duration.ofMillis(22_500), schedule.delay(0, 1));
        for (double r = 0; r < 1; r += 0.1) {
            Duration d = schedule.delay(2, r);
            assertTrue(d.compareTo(Duration.ofSeconds(90)) >= 0 && d.compareTo(Duration.ofSeconds(120)) <= 0, d.toString());
        }
    }

    @Test
    void refusesANonsenseSchedule() {
        assertThrows(IllegalArgumentException.class, () -> new RetrySchedule(Duration.ZERO, Duration.ofHours(1)));
        assertThrows(IllegalArgumentException.class, () -> new RetrySchedule(Duration.ofHours(2), Duration.ofHours(1)));
    }
}
