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

import java.time.Instant;
import java.util.List;

/** The spaces of a collection, for the collections feature ({@link CollectionSpaces}). */
@ApplicationScoped
public class SpacesInCollections implements CollectionSpaces {
    @Inject
    ContentLists lists;
    @Inject
    ContentViews views;
    @Inject
    SpaceStore store;

    @Override
    public ListPage<SpaceView> page(ContentLists.Query query, Membership viewer, String limit, String page) {
        return lists.page(query, viewer, Space.class, limit, page,
                (items, roles) -> items.stream().map(s -> views.space(s.row(), roles.get(s.id))).toList());
    }

    @Override
    public List<SpaceRow> inside(String collectionId) {
        return store.inside(collectionId).stream().map(Space::row).toList();
    }

    @Override
    public List<String> idsInside(String collectionId) {
        return store.idsInside(collectionId);
    }

    @Override
    public List<String> trashInside(String collectionId, Instant now) {
        return store.trashInside(collectionId, now);
    }

    @Override
    public void detachTrashed(String collectionId) {
        store.detachInside(collectionId);
    }

    @Override
    public void rewriteAncestors(String collectionId, String prefix, String organizationId) {
        store.rewriteAncestors(collectionId, prefix, organizationId);
    }
}
