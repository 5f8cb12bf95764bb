package io.bindery.review.changerequests;

import io.bindery.commons.errors.ApiException;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/** The states of a change request and the moves a PATCH may make between them (merged only by merging). */
public enum ChangeRequestStatus {
    DRAFT, OPEN, ARCHIVED, MERGED;

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static ChangeRequestStatus parse(String field, String value) {
        for (ChangeRequestStatus s : values()) {
            if (s.wire().equals(value)) {
                return s;
            }
        }
        throw ApiException.badRequest(field + " must be one of draft, open, archived, merged");
    }

    /** Where a PATCH may take a change request in this state. */
    public Set<ChangeRequestStatus> patchTargets() {
        return switch (this) {
            case DRAFT -> EnumSet.of(OPEN, ARCHIVED);
            case OPEN -> EnumSet.of(DRAFT, ARCHIVED);
            case ARCHIVED -> EnumSet.of(DRAFT, OPEN);
            case MERGED -> EnumSet.noneOf(ChangeRequestStatus.class);
        };
    }
}
