package io.bindery.commons.events;

import com.fasterxml.jackson.core.JsonProcessingException;

import java.time.DateTimeException;

/**
 * An event that no retry can apply: it cannot be read (not JSON, a CloudEvent without {@code id} or {@code type}),
 * its data does not fit its contract, or it is a version of a known type this service does not read. A consumer
 * throws it (or an {@link IllegalArgumentException}, which means the same: the event, not the moment, is wrong), and
 * the event goes to the dead letters at once instead of being retried for hours and holding its aggregate back.
 */
public class UndeliverableEvent extends RuntimeException {
    public UndeliverableEvent(String message) {
        super(message);
    }

    public UndeliverableEvent(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * Whether a failure says the event itself is wrong (retrying cannot help) rather than the moment (a database or
     * another service away: retry). Argument, parsing and type errors anywhere in the causes count as the event's.
     */
    public static boolean isUndeliverable(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof UndeliverableEvent || t instanceof IllegalArgumentException
                    || t instanceof JsonProcessingException || t instanceof DateTimeException
                    || t instanceof ClassCastException) {
                return true;
            }
        }
        return false;
    }
}
