package io.bindery.content.spaces;

import io.bindery.commons.lists.ListPage;
import io.bindery.commons.projection.Membership;
import io.bindery.content.collections.CollectionSpaces;
import io.bindery.content.domain.SpaceRow;
import io.bindery.content.items.ContentLists;
import io.bindery.content.items.ContentViews;
import io.bindery.content.items.SpaceView;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.util.List;

/** The spaces of a collection, for the collections feature ({@link CollectionSpaces}). */
@ApplicationScoped
public class SpacesInCollections implements CollectionSpaces {
    @Inject
    ContentLists lists;
    @Inject
    ContentViews views;
    @Inject
    EntityManager em;

    @Override
    public ListPage<SpaceView> page(ContentLists.Query query, Membership viewer, String limit, String page) {
        return lists.page(query, viewer, Space.class, limit, page,
                (items, roles) -> items.stream().map(s -> views.space(s.row(), roles.get(s.id))).toList());
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<SpaceRow> inside(String collectionId) {
        List<Space> spaces = em.createNativeQuery("SELECT * FROM space WHERE :c = ANY (ancestors)", Space.class)
                .setParameter("c", collectionId).getResultList();
        return spaces.stream().map(Space::row).toList();
    }
}
