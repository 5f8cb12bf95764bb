package io.bindery.content.items;

import io.bindery.content.access.ContentAccess;
import io.bindery.commons.auth.Role;
import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.Limits;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.SortKey;
import io.bindery.commons.lists.Where;
import io.bindery.commons.projection.Membership;
import io.bindery.content.domain.PlacedEntity;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Keyset-paged lists of spaces or collections, filtered in SQL to what a member may see (so every page is
 * full and {@code count} is exact), never with OFFSET: page 100 costs what page 1 does.
 */
@ApplicationScoped
public class ContentLists {
    @Inject
    ContentListStore store;
    @Inject
    ContentAccess access;

    public enum Order {
        CREATED_ASC, CREATED_DESC, POSITION
    }

    /** A list over {@code table} (alias {@code t}) with its own condition and parameters. */
    public record Query(String table, String where, Map<String, Object> params, Order order) {
    }

    /** A page rendered with the viewer's roles on the items. */
    public <T extends PlacedEntity, V> ListPage<V> page(Query q, Membership viewer, Class<T> type, String limit, String page,
                                                       BiFunction<List<T>, Map<String, Role>, List<V>> render) {
        return page(q, viewer, type, limit, page, items -> render.apply(items, access.roles(viewer, items)));
    }

    /** A page of the items {@code visibleTo} may see, rendered by {@code render}. */
    public <T extends PlacedEntity, V> ListPage<V> page(Query q, Membership visibleTo, Class<T> type, String limit, String page,
                                                       Function<List<T>, List<V>> render) {
        int n = Limits.parse(limit);
        ContentAccess.VisibilityFilter filter = access.visibilityFilter(visibleTo);
        Where where = Where.of(q.where());
        q.params().forEach(where::param);
        if (filter != null) {
            where.and(filter.sql(), "viewer", filter.viewer());
        }
        // the page's items are rendered together: their roles come from one query
        return store.page(ContentLists.<T>keyset(q.order()).page(Keyset.emptyAsFirst(page), n), type, q.table(), where)
                .render(render);
    }

    private static <T extends PlacedEntity> Keyset<T> keyset(Order order) {
        SortKey<T> id = SortKey.text("t.id", PlacedEntity::id);
        return switch (order) {
            case CREATED_ASC -> Keyset.ascending(SortKey.instant("t.created_at", PlacedEntity::createdAt), id);
            case CREATED_DESC -> Keyset.descending(SortKey.instant("t.created_at", PlacedEntity::createdAt), id);
            case POSITION -> Keyset.ascending(SortKey.number("t.position", PlacedEntity::position), id);
        };
    }
}
