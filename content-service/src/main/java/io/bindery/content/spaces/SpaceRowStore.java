package io.bindery.content.spaces;

import io.bindery.content.access.SpaceRows;
import io.bindery.content.domain.SpaceRow;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import javax.sql.DataSource;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;

/**
 * A space by id as the {@link SpaceRow} other features take. {@link #find} is the read for
 * {@code GET /v1/spaces/{id}}: one statement straight into the record, without Hibernate. Issue 29 measured the
 * entity load (the persistence context, the loaded-state copy, the converters) as the largest part of that request's
 * CPU; a read that changes nothing needs none of it. {@link #loaded} goes through the entity, for requests that
 * lock or write the space afterwards.
 */
@ApplicationScoped
public class SpaceRowStore implements SpaceRows {
    /* The columns in SpaceRow's order (the same table and values the Space entity maps). */
    static final String BY_ID = "SELECT id, organization_id, parent_id, ancestors, title, emoji, visibility, edit_mode,"
            + " language, default_level, merge_rules, revision_id, comments, change_requests, change_requests_open,"
            + " change_requests_draft, created_at, updated_at, deleted_at, published_url, git_sync"
            + " FROM space WHERE id = ?";

    @Inject
    DataSource dataSource;

    @Override
    public Optional<SpaceRow> find(String id) {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(BY_ID)) {
            ps.setString(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(row(rs)) : Optional.empty();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("could not read space " + id, e);
        }
    }

    @Override
    public Optional<SpaceRow> loaded(String id) {
        return Optional.ofNullable(Space.<Space>findById(id)).map(Space::row);
    }

    private static SpaceRow row(ResultSet rs) throws SQLException {
        return new SpaceRow(rs.getString(1), rs.getString(2), rs.getString(3), texts(rs.getArray(4)), rs.getString(5),
                rs.getString(6), rs.getString(7), rs.getString(8), rs.getString(9), rs.getString(10),
                rs.getString(11), rs.getString(12), rs.getInt(13), rs.getInt(14), rs.getInt(15), rs.getInt(16),
                instant(rs, 17), instant(rs, 18), instant(rs, 19), rs.getString(20), rs.getString(21));
    }

    private static String[] texts(Array array) throws SQLException {
        if (array == null) {
            return new String[0];
        }
        try {
            return (String[]) array.getArray();
        } finally {
            array.free();
        }
    }

    private static Instant instant(ResultSet rs, int column) throws SQLException {
        OffsetDateTime t = rs.getObject(column, OffsetDateTime.class);
        return t == null ? null : t.toInstant();
    }
}
