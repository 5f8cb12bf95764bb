package io.bindery.content.service;

import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.lists.Limits;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.PageCursor;
import io.bindery.commons.projection.Membership;
import io.bindery.content.domain.PlacedEntity;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

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
    EntityManager em;
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
        String where = q.where() + (filter == null ? "" : " AND " + filter.sql());
        var count = em.createNativeQuery("SELECT count(*) FROM " + q.table() + " t WHERE " + where);
        q.params().forEach(count::setParameter);
        if (filter != null) {
            count.setParameter("viewer", filter.viewer());
        }
        long total = ((Number) count.getSingleResult()).longValue();

        String keyset = "";
        Object after = null;
        String afterId = null;
        if (page != null && !page.isEmpty()) {
            if (q.order() == Order.POSITION) {
                List<String> cursor = PageCursor.decode(page, 2);
                try {
                    after = Double.parseDouble(cursor.get(0));
                } catch (NumberFormatException e) {
                    throw ApiException.badRequest("page: invalid page cursor");
                }
                afterId = cursor.get(1);
            } else {
                PageCursor.TimeKey cursor = PageCursor.decodeTimeKey(page);
                after = cursor.at();
                afterId = cursor.id();
            }
            keyset = switch (q.order()) {
                case CREATED_ASC -> " AND (t.created_at, t.id) > (:after, :afterId)";
                case CREATED_DESC -> " AND (t.created_at, t.id) < (:after, :afterId)";
                case POSITION -> " AND (t.position, t.id) > (:after, :afterId)";
            };
        }
        String order = switch (q.order()) {
            case CREATED_ASC -> "t.created_at, t.id";
            case CREATED_DESC -> "t.created_at DESC, t.id DESC";
            case POSITION -> "t.position, t.id";
        };
        var rows = em.createNativeQuery("SELECT t.* FROM " + q.table() + " t WHERE " + where + keyset
                + " ORDER BY " + order + " LIMIT :n", type);
        q.params().forEach(rows::setParameter);
        if (filter != null) {
            rows.setParameter("viewer", filter.viewer());
        }
        if (after != null) {
            rows.setParameter("after", after).setParameter("afterId", afterId);
        }
        rows.setParameter("n", n + 1);
        @SuppressWarnings("unchecked")
        List<T> rowsPlusOne = rows.getResultList();
        // the page's items are rendered together: their roles come from one query
        ListPage<T> items = ListPage.of(rowsPlusOne, n, total, item -> cursorOf(item, q.order()), item -> item);
        return new ListPage<>(render.apply(items.items()), items.count(), items.next());
    }

    private static List<String> cursorOf(PlacedEntity item, Order order) {
        return List.of(order == Order.POSITION ? Double.toString(item.position()) : item.createdAt().toString(), item.id());
    }
}
