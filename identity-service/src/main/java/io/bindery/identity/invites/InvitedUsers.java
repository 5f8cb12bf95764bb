package io.bindery.identity.invites;

import java.util.List;

/** Answer to an e-mail invite: the users now members, and how many were added. */
public record InvitedUsers(List<String> users, int invited) {
}
