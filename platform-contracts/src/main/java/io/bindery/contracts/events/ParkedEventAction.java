package io.bindery.contracts.events;

/**
 * What an operator asks of parked events: {@code replay} (apply again now; without {@code eventId}, every one of the
 * service, or of {@code topic}) or {@code discard} (remove one: {@code topic} and {@code eventId} required).
 * {@code actor} is the instance admin's user id, kept in the service's audit.
 */
public record ParkedEventAction(String action, String topic, String eventId, String actor) {
}
