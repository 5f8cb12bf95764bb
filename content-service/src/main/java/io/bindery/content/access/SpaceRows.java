package io.bindery.content.access;

import io.bindery.content.domain.SpaceRow;

import java.util.Optional;

/**
 * Reads a space's row for {@link ContentLookup}: the spaces feature implements it ({@code SpaceRowStore}), since it
 * owns the space entity and sits above access (it checks its callers through access), which must not import it.
 */
public interface SpaceRows {
    /** The space's row, deleted or not; empty when there is none. */
    Optional<SpaceRow> find(String id);

    /**
     * The space's row as this transaction's persistence context holds it, deleted or not; empty when there is none.
     * It loads the entity, so a later read-modify-write of the space in the same transaction (a lock, a write) finds
     * it loaded and costs no extra query; a read that changes nothing takes {@link #find}.
     */
    Optional<SpaceRow> loaded(String id);
}
