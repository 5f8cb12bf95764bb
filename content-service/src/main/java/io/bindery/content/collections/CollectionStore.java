package io.bindery.content.collections;

import io.bindery.content.access.CollectionRows;
import io.bindery.content.domain.ContentItem;
import jakarta.enterprise.context.ApplicationScoped;

/** Reads collections by id, for this feature and, as {@link CollectionRows}, for content's lookup. */
@ApplicationScoped
public class CollectionStore implements CollectionRows {

    public Collection find(String id) {
        return Collection.findById(id);
    }

    @Override
    public ContentItem collection(String id) {
        return find(id);
    }
}
