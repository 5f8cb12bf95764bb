package io.bindery.commons.auth;

import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The space-role rule of ARCHITECTURE.md as one pure function, fed by projections:
 * <ol>
 *   <li>an organization admin is {@code admin};</li>
 *   <li>else the highest of the caller's own grants and its teams' grants (on the item or an enclosing collection);</li>
 *   <li>else, for a member: the item's defaultLevel, else the nearest enclosing collection's, else the member's
 *       own organization role;</li>
 *   <li>a guest sees only what is granted to it or its teams.</li>
 * </ol>
 * The organization's {@code defaultRole} is only what a new member gets on joining: it plays no part here.
 */
public final class SpaceRoles {
    private SpaceRoles() {
    }

    /**
     * What one caller may do on one space or collection.
     *
     * @param member            whether the caller is a member of the item's organization (guests are members)
     * @param orgRole           the caller's member role; null for a guest
     * @param grants            every grant that reaches the item for the caller: its own and its teams', on the
     *                          item and on enclosing collections (nulls ignored)
     * @param itemDefaultLevel  the item's defaultLevel, null for inherit
     * @param collectionLevels  defaultLevel of each enclosing collection, nearest first (nulls: inherit)
     * @return the effective role, or empty when the caller may not see the item at all
     */
    public static Optional<Role> resolve(boolean member, Role orgRole, Collection<Role> grants, Role itemDefaultLevel,
                                         List<Role> collectionLevels) {
        if (!member) {
            return Optional.empty();
        }
        if (orgRole == Role.ADMIN) {
            return Optional.of(Role.ADMIN);
        }
        Optional<Role> granted = grants.stream().filter(Objects::nonNull).max(Role::compareTo);
        if (granted.isPresent()) {
            return granted;
        }
        if (orgRole == null) {
            // Guests see only what is granted to them or their teams.
            return Optional.empty();
        }
        if (itemDefaultLevel != null) {
            return Optional.of(itemDefaultLevel);
        }
        for (Role level : collectionLevels) {
            if (level != null) {
                return Optional.of(level);
            }
        }
        return Optional.of(orgRole);
    }
}
