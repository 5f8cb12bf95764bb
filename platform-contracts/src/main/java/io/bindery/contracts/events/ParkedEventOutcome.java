package io.bindery.contracts.events;

/** What a replay or discard did: events applied, still failing (kept, with their new reason), and discarded. */
public record ParkedEventOutcome(int applied, int failed, int discarded) {
}
