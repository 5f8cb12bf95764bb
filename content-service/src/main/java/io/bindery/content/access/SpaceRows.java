package io.bindery.content.access;

import io.bindery.content.domain.SpaceRow;

import java.util.Optional;

/**
 * Reads a space's row without Hibernate for {@link ContentLookup#spaceRow}: the spaces feature implements it
 * ({@code SpaceRowStore}), since it sits above access (it checks its callers through access) and access must not
 * import it.
 */
public interface SpaceRows {
    /** The space's row, deleted or not; empty when there is none. */
    Optional<SpaceRow> find(String id);
}
