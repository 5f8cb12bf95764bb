package io.bindery.identity.invites;

import com.fasterxml.jackson.annotation.JsonInclude;

/** An invite link to an organization ({@code object: invite}); role is nullable (guests). */
public record InviteView(String object, String id, @JsonInclude(JsonInclude.Include.ALWAYS) String role, boolean redundant,
                         Urls urls) {
    public record Urls(String location) {
    }
}
