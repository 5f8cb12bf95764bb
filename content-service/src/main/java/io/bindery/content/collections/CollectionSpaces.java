package io.bindery.content.collections;

import io.bindery.commons.lists.ListPage;
import io.bindery.commons.projection.Membership;
import io.bindery.content.domain.SpaceRow;
import io.bindery.content.items.ContentLists;
import io.bindery.content.items.SpaceView;

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
}
