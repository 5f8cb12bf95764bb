package io.bindery.commons.events;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Instant;

/**
 * One CloudEvent as a consumer's handler gets it: the envelope's attributes and its data read once into the contract
 * record of its type ({@link TopicConsumer#on}). {@code rawData} is the data as it came, for a consumer that keeps
 * it whole (a projection storing the producer's view as JSON); everything it reads field by field comes from
 * {@code data}.
 *
 * @param time the event's time, or null when the producer gave none
 */
public record Delivery<T>(String id, String type, String subject, Instant time, T data, JsonNode rawData) {

    /** The event's time, or {@code fallback} when it has none: the version a projection compares. */
    public Instant timeOr(Instant fallback) {
        return time != null ? time : fallback;
    }
}
