package io.bindery.identity.teams;

import io.bindery.commons.errors.ApiException;

/** A user's role in a team: an owner manages the team's members. Stored and sent as its wire name. */
public enum TeamRole {
    OWNER("owner"), MEMBER("member");

    private final String wire;

    TeamRole(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    /** The role named {@code value}; 400 naming {@code field} when it names none. */
    public static TeamRole parse(String field, String value) {
        for (TeamRole r : values()) {
            if (r.wire.equals(value)) {
                return r;
            }
        }
        throw ApiException.badRequest(field + " must be one of owner, member");
    }

    /** team_member.role holds the wire name. */
    @jakarta.persistence.Converter
    public static class Column implements jakarta.persistence.AttributeConverter<TeamRole, String> {
        @Override
        public String convertToDatabaseColumn(TeamRole role) {
            return role == null ? null : role.wire;
        }

        @Override
        public TeamRole convertToEntityAttribute(String wire) {
            if (wire == null) {
                return null;
            }
            for (TeamRole r : values()) {
                if (r.wire.equals(wire)) {
                    return r;
                }
            }
            throw new IllegalStateException("team_member.role holds an unknown role: " + wire);
        }
    }
}
