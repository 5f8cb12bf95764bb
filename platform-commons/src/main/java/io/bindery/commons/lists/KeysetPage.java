package io.bindery.commons.lists;

import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * One page of a keyset list: its order, how many rows, and the sort key values of the last row of the previous
 * page ({@code after}, null on the first page). It runs the list's two queries, the count of every row its
 * filters match and the page's rows, fetching {@code limit + 1} so that the extra row only tells that a next page
 * exists (never OFFSET: page 100 costs what page 1 does).
 */
public record KeysetPage<R>(Keyset<R> keyset, int limit, List<Object> after) {
    static final String PARAM = "keysetAfter";

    /**
     * Native SQL: {@code SELECT count(*) <from> WHERE <where>}, then
     * {@code <select> <from> WHERE <where> AND <after the cursor> ORDER BY <keys> LIMIT limit+1}; rows as the
     * driver gives them ({@code Object[]} for several columns).
     */
    public ListPage<R> sql(EntityManager em, String select, String from, Where where) {
        return sql(em, null, select, from, where);
    }

    /** Native SQL whose rows are read as {@code entity}. */
    public ListPage<R> sql(EntityManager em, Class<?> entity, String select, String from, Where where) {
        Query count = em.createNativeQuery("SELECT count(*) " + from + " WHERE " + where.text());
        String rows = select + " " + from + " WHERE " + where.text() + condition()
                + " ORDER BY " + keyset.orderBy() + " LIMIT " + (limit + 1);
        return run(count, entity == null ? em.createNativeQuery(rows) : em.createNativeQuery(rows, entity), where);
    }

    /** {@code " AND (keys) > (cursor values)"} ({@code <} when descending), or nothing on the first page. */
    public String condition() {
        if (after == null) {
            return "";
        }
        List<SortKey<R>> keys = keyset.keys();
        String op = keyset.descending() ? " < " : " > ";
        if (keys.size() == 1) {
            return " AND " + keys.get(0).column() + op + ":" + PARAM + 0;
        }
        return " AND (" + keys.stream().map(SortKey::column).collect(Collectors.joining(", ")) + ")" + op
                + "(" + IntStream.range(0, keys.size()).mapToObj(i -> ":" + PARAM + i).collect(Collectors.joining(", ")) + ")";
    }

    /** The page from the rows fetched ({@code limit + 1} at most), with {@code next} after the last row shown. */
    public ListPage<R> of(List<R> rowsPlusOne, long count) {
        return ListPage.of(rowsPlusOne, limit, count, keyset::cursorOf, r -> r);
    }

    @SuppressWarnings("unchecked")
    private ListPage<R> run(Query count, Query rows, Where where) {
        where.params().forEach(count::setParameter);
        where.params().forEach(rows::setParameter);
        if (after != null) {
            for (int i = 0; i < after.size(); i++) {
                rows.setParameter(PARAM + i, after.get(i));
            }
        }
        long total = ((Number) count.getSingleResult()).longValue();
        return of(rows.getResultList(), total);
    }
}
