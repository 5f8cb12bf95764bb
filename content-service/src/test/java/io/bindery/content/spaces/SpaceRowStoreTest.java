package io.bindery.content.spaces;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.content.domain.SpaceRow;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.persister.entity.EntityPersister;
import org.junit.jupiter.api.Test;

import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static io.bindery.content.TestApi.member;
import static io.bindery.content.TestApi.space;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * GET /v1/spaces/{id} reads its space with SpaceRowStore's own SQL, the other routes through the Space entity; both
 * build the view from a SpaceRow, so the two must read the same columns into the same fields. These tests fail when
 * they drift apart: a column mapped on Space (or its embedded projections) and not selected, or the other way round,
 * and a column read into the wrong field.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
class SpaceRowStoreTest {
    /** Columns of Space the view never shows, so the by-id read leaves them out on purpose. */
    private static final Set<String> NOT_SHOWN = Set.of("position");

    @Inject
    EntityManager em;
    @Inject
    SpaceRowStore rows;

    @Test
    void theByIdReadSelectsEveryColumnTheEntityMapsThatTheViewShows() {
        Set<String> mapped = new TreeSet<>(entityColumns());
        assertTrue(mapped.containsAll(NOT_SHOWN), "NOT_SHOWN names columns Space no longer maps: " + NOT_SHOWN);
        mapped.removeAll(NOT_SHOWN);
        List<String> selected = selectedColumns();
        assertEquals(selected.size(), new TreeSet<>(selected).size(), "a column is selected twice: " + selected);
        assertEquals(mapped, new TreeSet<>(selected), "SpaceRowStore.BY_ID and the Space entity disagree: add the"
                + " column to the SQL, SpaceRow and SpaceRow.of, or to NOT_SHOWN if the view does not show it");
        assertEquals(SpaceRow.class.getRecordComponents().length, selected.size(),
                "SpaceRow has a field the by-id read does not fill, or the read selects a column SpaceRow has no field for");
    }

    @Test
    void theByIdReadAndTheEntityGiveTheSameRow() {
        String org = Ids.newId();
        String id = space(org, member(org, "admin", null), "Row");
        // a distinct value in every column, so that a column read into another field shows
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery("""
                        UPDATE space SET emoji = '1f600', language = 'fr', default_level = 'read',
                          ancestors = '{a-1,a-2}', comments = 1, change_requests = 2, change_requests_open = 3,
                          change_requests_draft = 4, deleted_at = now(), published_url = 'https://docs.example/x',
                          git_sync = '{"installationStatus":"active"}', visibility = 'unlisted', edit_mode = 'locked'
                        WHERE id = :id""").setParameter("id", id).executeUpdate());
        SpaceRow byEntity = QuarkusTransaction.requiringNew().call(() -> rows.loaded(id).orElseThrow());
        SpaceRow byId = rows.find(id).orElseThrow();
        for (RecordComponent c : SpaceRow.class.getRecordComponents()) {
            Object entity = value(c, byEntity);
            Object row = value(c, byId);
            assertTrue(Arrays.deepEquals(new Object[]{entity}, new Object[]{row}),
                    c.getName() + ": the entity reads " + show(entity) + ", the by-id read " + show(row));
        }
    }

    private Set<String> entityColumns() {
        EntityPersister space = em.getEntityManagerFactory().unwrap(SessionFactoryImplementor.class)
                .getMappingMetamodel().getEntityDescriptor(Space.class);
        Set<String> columns = new TreeSet<>();
        space.getIdentifierMapping().forEachSelectable((i, s) -> columns.add(s.getSelectionExpression()));
        space.forEachAttributeMapping(a -> a.forEachSelectable((i, s) -> columns.add(s.getSelectionExpression())));
        return columns;
    }

    /** The columns between SELECT and FROM of the by-id statement, in order. */
    private static List<String> selectedColumns() {
        String sql = SpaceRowStore.BY_ID;
        String list = sql.substring("SELECT ".length(), sql.indexOf(" FROM space "));
        return Arrays.stream(list.split(",")).map(String::trim).toList();
    }

    private static Object value(RecordComponent c, SpaceRow row) {
        try {
            return c.getAccessor().invoke(row);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String show(Object value) {
        return value instanceof Object[] a ? Arrays.toString(a) : String.valueOf(value);
    }
}
