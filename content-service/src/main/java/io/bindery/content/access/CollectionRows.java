package io.bindery.content.access;

import io.bindery.content.domain.ContentItem;

/**
 * Reads a collection's row for {@link ContentLookup}: the collections feature implements it, since it sits above
 * access (it checks its callers through access) and access must not import it.
 */
public interface CollectionRows {
    /** The collection, or null when there is none. */
    ContentItem collection(String id);
}
