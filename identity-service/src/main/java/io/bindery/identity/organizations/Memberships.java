package io.bindery.identity.organizations;

/**
 * Who belongs to an organization, as organizations needs to know it: implemented by members ({@code Members}), so
 * that organizations (the lower feature: every other one asks {@link OrgAccess}) never imports members.
 */
public interface Memberships {

    /** A user's membership of an organization: its role (null: a guest) and whether it is disabled. */
    record Membership(String userId, String role, boolean disabled) {
    }

    /** The membership of the user, null when the user is no member (read by primary key). */
    Membership find(String organizationId, String userId);

    /**
     * Adds a user as a member with a role; a user already a member is left as it is. Returns whether it was added.
     * Runs in the caller's transaction, which holds the organization row lock or created the organization.
     */
    boolean add(String organizationId, String userId, String role, boolean sso);

    /** The caller was seen now in the organization (its last-seen time); 404 when it is no member. */
    void ping(String organizationId, String userId);
}
