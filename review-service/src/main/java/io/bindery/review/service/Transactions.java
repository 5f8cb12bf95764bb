package io.bindery.review.service;

import org.hibernate.exception.LockAcquisitionException;

/**
 * Recording what content-service already did must not be lost to a transient lock conflict (a deadlock with
 * the content-events consumer, say): such a transaction is retried a few times.
 */
final class Transactions {
    static final int ATTEMPTS = 3;

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
            if (t instanceof LockAcquisitionException || t instanceof org.hibernate.PessimisticLockException) {
                return true;
            }
        }
        return false;
    }
}
