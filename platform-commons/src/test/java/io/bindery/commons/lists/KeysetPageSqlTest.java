package io.bindery.commons.lists;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The condition and order a {@link KeysetPage} writes, run against the test PostgreSQL: paging through a table
 * with ties on the first key, in both directions, gives every row once and in the full query's order.
 */
class KeysetPageSqlTest {
    record Row(Instant at, String id, double position) {
    }

    static final Keyset<Row> BY_TIME = Keyset.ascending(SortKey.instant("created_at", Row::at), SortKey.text("id", Row::id));
    static final Keyset<Row> BY_POSITION = Keyset.ascending(SortKey.number("position", Row::position), SortKey.text("id", Row::id));
    static final Pattern PARAM = Pattern.compile(":" + KeysetPage.PARAM + "(\\d+)");
    static Connection db;

    @BeforeAll
    static void table() throws SQLException {
        db = DriverManager.getConnection(env("BINDERY_TEST_DB_URL", "jdbc:postgresql://127.0.0.1:55432/bindery_test"),
                env("BINDERY_TEST_DB_USERNAME", "bindery"), env("BINDERY_TEST_DB_PASSWORD", "bindery"));
        db.createStatement().execute("CREATE TEMP TABLE keyset_row (id TEXT PRIMARY KEY, created_at TIMESTAMPTZ NOT NULL,"
                + " position DOUBLE PRECISION NOT NULL)");
        Instant t = Instant.parse("2026-01-01T00:00:00.000001Z");
        try (PreparedStatement insert = db.prepareStatement("INSERT INTO keyset_row VALUES (?, ?, ?)")) {
            for (int i = 0; i < 23; i++) {
                insert.setString(1, "r" + (char) ('a' + (i * 7) % 23));
                insert.setObject(2, t.plusMillis(i / 4).atOffset(ZoneOffset.UTC)); // four rows share each time
                insert.setDouble(3, (i % 5) * 0.5);
                insert.executeUpdate();
            }
        }
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    @Test
    void pagesCoverEveryRowOnceInOrder() throws SQLException {
        for (Keyset<Row> keyset : List.of(BY_TIME, BY_TIME.descending(true), BY_POSITION, BY_POSITION.descending(true))) {
            for (int limit : List.of(1, 3, 4, 23, 30)) {
                List<Row> all = fetch(keyset.page(null, 1000));
                List<Row> paged = new ArrayList<>();
                String cursor = null;
                do {
                    KeysetPage<Row> page = keyset.page(cursor, limit);
                    ListPage<Row> shown = page.of(fetch(page), all.size());
                    paged.addAll(shown.items());
                    cursor = shown.next() == null ? null : shown.next().page();
                } while (cursor != null);
                assertEquals(23, all.size());
                assertEquals(all, paged, keyset.orderBy() + " by " + limit);
            }
        }
    }

    /** The page's rows, its named parameters turned into JDBC's positional ones. */
    private static List<Row> fetch(KeysetPage<Row> page) throws SQLException {
        String condition = page.condition();
        List<Integer> order = new ArrayList<>();
        Matcher m = PARAM.matcher(condition);
        while (m.find()) {
            order.add(Integer.parseInt(m.group(1)));
        }
        String sql = "SELECT id, created_at, position FROM keyset_row WHERE true" + PARAM.matcher(condition).replaceAll("?")
                + " ORDER BY " + page.keyset().orderBy() + " LIMIT " + (page.limit() + 1);
        try (PreparedStatement q = db.prepareStatement(sql)) {
            for (int i = 0; i < order.size(); i++) {
                Object value = page.after().get(order.get(i));
                q.setObject(i + 1, value instanceof Instant at ? at.atOffset(ZoneOffset.UTC) : value);
            }
            List<Row> rows = new ArrayList<>();
            try (ResultSet rs = q.executeQuery()) {
                while (rs.next()) {
                    rows.add(new Row(rs.getObject(2, OffsetDateTime.class).toInstant(), rs.getString(1), rs.getDouble(3)));
                }
            }
            return rows;
        }
    }

    private static String env(String name, String fallback) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? fallback : v;
    }
}
