package io.bindery.review.testing;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads review's tables as they are committed, for assertions. */
public final class Rows {
    private final DataSource db;

    public Rows(DataSource db) {
        this.db = db;
    }

    public List<Map<String, Object>> all(String sql, Object... params) {
        try (Connection c = db.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                s.setObject(i + 1, params[i]);
            }
            List<Map<String, Object>> out = new ArrayList<>();
            try (ResultSet r = s.executeQuery()) {
                ResultSetMetaData meta = r.getMetaData();
                while (r.next()) {
                    Map<String, Object> row = new LinkedHashMap<>();
                    for (int i = 1; i <= meta.getColumnCount(); i++) {
                        row.put(meta.getColumnLabel(i), r.getObject(i));
                    }
                    out.add(row);
                }
            }
            return out;
        } catch (SQLException e) {
            throw new IllegalStateException(sql + ": " + e.getMessage(), e);
        }
    }

    /** The one row the query finds (an AssertionError when there is none). */
    public Map<String, Object> one(String sql, Object... params) {
        List<Map<String, Object>> rows = all(sql, params);
        if (rows.size() != 1) {
            throw new AssertionError("expected one row, found " + rows.size() + " for " + sql);
        }
        return rows.get(0);
    }

    public long count(String sql, Object... params) {
        return ((Number) one(sql, params).values().iterator().next()).longValue();
    }

    public Map<String, Object> changeRequest(String id) {
        return one("SELECT * FROM change_request WHERE id = ?", id);
    }

    public Map<String, Object> comment(String id) {
        return one("SELECT * FROM comment WHERE id = ?", id);
    }
}
