package io.bindery.content.collections;

import io.bindery.commons.lists.ListPage;
import io.bindery.commons.projection.Membership;
import io.bindery.content.domain.SpaceRow;
import io.bindery.content.items.ContentLists;
import io.bindery.content.items.SpaceView;

import java.time.Instant;
import java.util.List;

/**
 * What collections need of the spaces inside them. The spaces feature implements it ({@code SpacesInCollections}):
 * it owns the space entity and sits above collections (it places spaces in them), which must not import it.
 */
public interface CollectionSpaces {
    /** A page of the spaces {@code query} selects that {@code viewer} may see, with the viewer's role on each. */
    ListPage<SpaceView> page(ContentLists.Query query, Membership viewer, String limit, String page);

    /** Every space with {@code collectionId} among its ancestors, deleted or not, as the database has it now. */
    List<SpaceRow> inside(String collectionId);

    /** The ids of the spaces below the collection, deleted or not. */
    List<String> idsInside(String collectionId);

    /**
     * The collection is deleted: its live spaces go to the trash at {@code now}, out of the tree (an in-collection
     * visibility becomes private). Answers the ids of the spaces trashed.
     */
    List<String> trashInside(String collectionId, Instant now);

    /** The collection is deleted: the spaces below it already in the trash leave the tree too (keeping their deletion time). */
    void detachTrashed(String collectionId);

    /**
     * The collection gets new ancestors ({@code prefix}, a text[] literal) and maybe a new organization: the part of
     * each space's chain above it is replaced.
     */
    void rewriteAncestors(String collectionId, String prefix, String organizationId);
}
