package io.bindery.commons.auth;

import java.util.List;
import java.util.Optional;

/**
 * The space-role rule of ARCHITECTURE.md as one pure function, fed by projections.
 */
public final class SpaceRoles {
    private SpaceRoles() {
    }

    /**
     * What one caller may do on one space.
     *
     * @param member              whether the caller is a member of the space's organization
     * @param orgRole             the caller's member role; null for a guest
     * @param explicitGrant       the caller's own grant on the space (or inherited through a team), if any
     * @param spaceDefaultLevel   the space's defaultLevel, if set
     * @param collectionLevels    defaultLevel of each parent collection, nearest first (nulls allowed)
     * @param orgDefaultRole      the organization's defaultRole (null: new members are guests)
     * @return the effective role, or empty when the caller may not see the space at all
     */
    public static Optional<Role> resolve(boolean member, Role orgRole, Role explicitGrant, Role spaceDefaultLevel,
                                         List<Role> collectionLevels, Role orgDefaultRole) {
        if (!member) {
            return Optional.empty();
        }
        if (orgRole == Role.ADMIN) {
            return Optional.of(Role.ADMIN);
        }
        if (explicitGrant != null) {
            return Optional.of(explicitGrant);
        }
        if (orgRole == null) {
            // Guests see only what is granted to them explicitly.
            return Optional.empty();
        }
        if (spaceDefaultLevel != null) {
            return Optional.of(spaceDefaultLevel);
        }
        for (Role level : collectionLevels) {
            if (level != null) {
                return Optional.of(level);
            }
        }
        return Optional.ofNullable(orgDefaultRole);
    }
}
