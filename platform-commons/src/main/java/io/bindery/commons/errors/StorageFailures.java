package io.bindery.commons.errors;

import java.sql.SQLException;
import java.util.Optional;

/**
 * What a failure from the database means for the client, read from the SQL states in its cause chain:
 * <ul>
 *   <li>class 22 (data exception: a NUL character, bytes that are not UTF-8, a value out of range) is the
 *       request's fault: 400, and the transaction rolled back, so nothing changed;</li>
 *   <li>class 08 (connection exception), 57P (server shutting down) and 53300 (too many connections), or a pool
 *       that could not hand out a connection, mean the database cannot be reached: 503 with Retry-After.</li>
 * </ul>
 */
public final class StorageFailures {
    /** Seconds a client should wait before trying again when the database is unreachable. */
    public static final int RETRY_AFTER_SECONDS = 5;

    private StorageFailures() {
    }

    public static Optional<ApiException> classify(Throwable failure) {
        int depth = 0;
        for (Throwable t = failure; t != null && depth < 20; t = t.getCause(), depth++) {
            String name = t.getClass().getName();
            // Hibernate's wrapper of a lost connection, and Agroal's pool when it cannot open one
            if (name.endsWith("JDBCConnectionException")
                    || (t instanceof SQLException && t.getMessage() != null && t.getMessage().contains("Acquisition timeout"))) {
                return Optional.of(unavailable());
            }
            if (t instanceof SQLException sql && sql.getSQLState() != null) {
                String state = sql.getSQLState();
                if (state.startsWith("22")) {
                    return Optional.of(ApiException.badRequest(
                            "the request holds a value that cannot be stored (NUL characters and invalid Unicode are refused)"));
                }
                if (state.startsWith("08") || state.startsWith("57P") || state.equals("53300")) {
                    return Optional.of(unavailable());
                }
            }
        }
        return Optional.empty();
    }

    private static ApiException unavailable() {
        return new ApiException(503, "the database is unreachable; try again in a few seconds");
    }
}
