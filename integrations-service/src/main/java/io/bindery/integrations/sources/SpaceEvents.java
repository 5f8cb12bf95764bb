package io.bindery.integrations.sources;

import io.bindery.integrations.targets.TargetKind;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/** The stored space a platform event is about. */
final class SpaceEvents {
    /** How long another topic may lag behind content's: an unknown space is waited for this long. */
    static final Duration LAG = Duration.ofMinutes(2);

    private SpaceEvents() {
    }

    /**
     * The space an event is about, from content's events. Content's own events come in order per space (one key,
     * one partition), so a space unknown there never was one: empty. For another topic's event, content's topic
     * may lag: a recent event about an unknown space is an error, so the consumer retries it, then parks it (the
     * parked retry finds it older and skips it); an event older than {@link #LAG} about an unknown space is skipped.
     */
    static Optional<Sources.Source> space(Sources sources, String spaceId, Instant time, boolean otherTopic) {
        Optional<Sources.Source> space = sources.find(TargetKind.SPACE, spaceId);
        if (space.isPresent() || !otherTopic) {
            return space;
        }
        if (time == null || time.isBefore(Instant.now().minus(LAG))) {
            return Optional.empty();
        }
        throw new IllegalStateException("space " + spaceId + " is not known from content's events yet");
    }
}
