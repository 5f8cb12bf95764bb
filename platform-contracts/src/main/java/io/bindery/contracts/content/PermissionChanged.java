package io.bindery.contracts.content;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The data of {@code bindery.(space|collection).permission.(updated|removed).v1}: a user's or a team's grant on a
 * space or a collection. Exactly one of {@code space}/{@code collection} and one of {@code user}/{@code team} is
 * set (the others are left out); {@code role} is null on removal and sent as null, as content always has.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record PermissionChanged(String space, String collection, String organization, String user, String team,
                                @JsonInclude(JsonInclude.Include.ALWAYS) String role) {

    /** {@code itemType} "space" or "collection"; role null for a removal. */
    public static PermissionChanged ofUser(String itemType, String itemId, String organization, String user, String role) {
        return of(itemType, itemId, organization, user, null, role);
    }

    /** {@code itemType} "space" or "collection"; role null for a removal. */
    public static PermissionChanged ofTeam(String itemType, String itemId, String organization, String team, String role) {
        return of(itemType, itemId, organization, null, team, role);
    }

    private static PermissionChanged of(String itemType, String itemId, String organization, String user, String team,
                                        String role) {
        return switch (itemType) {
            case "space" -> new PermissionChanged(itemId, null, organization, user, team, role);
            case "collection" -> new PermissionChanged(null, itemId, organization, user, team, role);
            default -> throw new IllegalArgumentException("no permission events for " + itemType);
        };
    }
}
