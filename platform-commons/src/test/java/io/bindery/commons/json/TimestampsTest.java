package io.bindery.commons.json;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The hand-written format gives what the DateTimeFormatter gives. */
class TimestampsTest {

    @Test
    void sameAsTheFormatter() {
        SplittableRandom rng = new SplittableRandom(29);
        for (int i = 0; i < 100_000; i++) {
            Instant t = Instant.ofEpochSecond(rng.nextLong(-62_167_219_200L, 253_402_300_800L), rng.nextInt(1_000_000_000));
            assertEquals(Timestamps.FORMAT.format(t), Timestamps.format(t), t.toString());
        }
        for (Instant t : new Instant[] {Instant.EPOCH, Instant.parse("2026-11-21T10:00:00Z"), Instant.parse("2024-02-29T23:59:59.999999999Z"),
                Instant.parse("0000-01-01T00:00:00Z"), Instant.parse("9999-12-31T23:59:59.999Z")}) {
            assertEquals(Timestamps.FORMAT.format(t), Timestamps.format(t));
        }
        assertEquals("2026-11-21T10:00:00.000Z", Timestamps.format(Instant.parse("2026-11-21T10:00:00Z")));
        assertNull(Timestamps.format(null));
    }

    @Test
    void outsideFourDigitYearsTheFormatterWrites() {
        Instant t = Instant.parse("+10000-01-01T00:00:00Z");
        assertEquals(Timestamps.FORMAT.format(t), Timestamps.format(t));
    }
}
