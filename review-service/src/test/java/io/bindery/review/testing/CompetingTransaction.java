package io.bindery.review.testing;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;

/**
 * Another writer, in a JDBC transaction of its own: it locks a row, lets the code under test run into that
 * lock, writes, and commits. This pins down the interleaving a lost update needs (the other side read the
 * row, then writes after this commit) without relying on timing.
 */
public final class CompetingTransaction implements AutoCloseable {
    private final DataSource db;
    private final Connection connection;
    private final int pid;

    public CompetingTransaction(DataSource db) throws SQLException {
        this.db = db;
        this.connection = db.getConnection();
        connection.setAutoCommit(false);
        try (PreparedStatement s = connection.prepareStatement("SELECT pg_backend_pid()"); ResultSet r = s.executeQuery()) {
            r.next();
            pid = r.getInt(1);
        }
    }

    /** Runs a statement in this transaction (a SELECT … FOR UPDATE to take a row, an UPDATE to write); its row count. */
    public int execute(String sql, Object... params) throws SQLException {
        try (PreparedStatement s = connection.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                s.setObject(i + 1, params[i]);
            }
            if (s.execute()) {
                int rows = 0;
                try (ResultSet r = s.getResultSet()) {
                    while (r.next()) {
                        rows++;
                    }
                }
                return rows;
            }
            return s.getUpdateCount();
        }
    }

    /** Waits until another session waits for a lock this transaction holds; fails after {@code timeout}. */
    public void awaitBlocked(Duration timeout) throws SQLException, InterruptedException {
        Instant until = Instant.now().plus(timeout);
        try (Connection probe = db.getConnection();
             PreparedStatement s = probe.prepareStatement("SELECT count(*) FROM pg_stat_activity WHERE ? = ANY(pg_blocking_pids(pid))")) {
            s.setInt(1, pid);
            while (true) {
                try (ResultSet r = s.executeQuery()) {
                    r.next();
                    if (r.getInt(1) > 0) {
                        return;
                    }
                }
                if (Instant.now().isAfter(until)) {
                    throw new AssertionError("nobody waited for the row this transaction locked: the code under test "
                            + "read and wrote without locking it");
                }
                Thread.sleep(20);
            }
        }
    }

    public void commit() throws SQLException {
        connection.commit();
    }

    @Override
    public void close() throws SQLException {
        try {
            connection.rollback();
        } finally {
            connection.close();
        }
    }
}
