package io.bindery.content.spaces;

import io.bindery.content.access.ContentLookup;
import io.bindery.content.access.ContentLookup.Loaded;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Optional;

/**
 * The space entity for a caller, for the spaces feature's own writes: the rules are access's
 * ({@link ContentLookup}: the same 404 for missing, deleted and not visible), the entity is this feature's. Other
 * features read a space as its row ({@link ContentLookup#space}).
 */
@ApplicationScoped
public class SpaceLookup {
    @Inject
    ContentLookup lookup;
    @Inject
    SpaceStore store;

    /** A live (not deleted) space the caller can see. */
    Loaded<Space> space(String id, String callerId) {
        return lookup.live(store.find(id), id, callerId);
    }

    /** A live space the caller can see, locked for a read-modify-write. */
    Loaded<Space> spaceForUpdate(String id, String callerId) {
        return lookup.live(store.lock(id), id, callerId);
    }

    /** A space, deleted or not, that the caller can see, locked for a read-modify-write. */
    Optional<Loaded<Space>> anySpaceForUpdate(String id, String callerId) {
        return lookup.visible(store.lock(id), callerId);
    }
}
