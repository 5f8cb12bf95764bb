package io.bindery.content.items;

import io.bindery.commons.lists.KeysetPage;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.Where;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

/** The SQL of {@link ContentLists}: a keyset page of a space or collection table's rows. */
@ApplicationScoped
class ContentListStore {
    @Inject
    EntityManager em;

    /** The rows of {@code table} (alias {@code t}) that {@code where} selects, read as {@code type}, on {@code page}. */
    <T> ListPage<T> page(KeysetPage<T> page, Class<T> type, String table, Where where) {
        return page.sql(em, type, "SELECT t.*", "FROM " + table + " t", where);
    }
}
