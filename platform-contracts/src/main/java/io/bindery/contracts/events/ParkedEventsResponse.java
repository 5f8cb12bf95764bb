package io.bindery.contracts.events;

import java.util.List;

/** A service's parked and dead-lettered events, oldest first (at most {@code limit}), and how many there are in all. */
public record ParkedEventsResponse(List<ParkedEvent> items, long parked, long dead) {
}
