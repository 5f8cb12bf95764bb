package io.bindery.review.merge;

import java.sql.SQLException;
import java.util.Set;

/**
 * Recording what content-service already did must not be lost to a transient lock conflict (a deadlock with
 * the content-events consumer, say): such a transaction is retried a few times.
 */
final class Transactions {
    static final int ATTEMPTS = 3;
    /** PostgreSQL's deadlock_detected, serialization_failure and lock_not_available. */
    private static final Set<String> LOCK_STATES = Set.of("40P01", "40001", "55P03");

    private Transactions() {
    }

    static void retryOnLockConflict(Runnable transaction) {
        for (int attempt = 1; ; attempt++) {
            try {
                transaction.run();
                return;
            } catch (RuntimeException e) {
                if (attempt >= ATTEMPTS || !isLockConflict(e)) {
                    throw e;
                }
            }
        }
    }

    private static boolean isLockConflict(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof org.hibernate.exception.LockAcquisitionException || t instanceof org.hibernate.PessimisticLockException
                    || t instanceof jakarta.persistence.PessimisticLockException || t instanceof jakarta.persistence.LockTimeoutException
                    || t instanceof SQLException sql && LOCK_STATES.contains(sql.getSQLState())) {
                return true;
            }
        }
        return false;
    }
}
