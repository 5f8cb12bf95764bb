package io.bindery.identity.invites;

import io.bindery.identity.members.Members;
import io.bindery.identity.organizations.OrgAccess;
import io.bindery.identity.support.Inputs;
import io.bindery.identity.users.Users;
import io.bindery.contracts.identity.IdentityEventTypes;
import io.bindery.contracts.identity.InviteDeleted;
import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.json.JsonBody;
import io.bindery.commons.lists.Limits;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.urls.PublicUrls;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.LockModeType;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.List;
import java.util.Map;

/**
 * Bringing people into an organization: by e-mail (users that do not exist yet are created, since Bindery
 * sends no mail: the instance admin hands them tokens) and by invite link.
 */
@ApplicationScoped
public class Invites {

    @Inject
    OrgAccess access;
    @Inject
    Members members;
    @Inject
    Users users;
    @Inject
    EventPublisher events;
    @Inject
    PublicUrls urls;
    @Inject
    InviteStore store;
    @Inject
    InviteViews views;

    /**
     * POST /orgs/{o}/invites with {emails: [email | {email, role}], role?, sso?}. Admins only. Locks the
     * organization row (who is a member already, and its default role, hold until commit; a concurrent join of
     * one of them waits instead of colliding on the primary key), then the e-mail addresses (a user created here
     * cannot be created by another invite or by the instance admin at the same time).
     */
    @Transactional
    public InvitedUsers inviteByEmail(String orgId, String callerId, JsonBody body) {
        var org = access.requireAdminLocked(orgId, callerId).settings();
        EmailInviteRequest req = EmailInviteRequest.from(body, org.defaultRole());
        Map<String, String> roleByEmail = req.roleByEmail();
        boolean sso = req.sso();
        // Read everything once, then write: a hundred invites are a handful of queries, not hundreds.
        users.lockEmails(roleByEmail.keySet());
        Map<String, String> accounts = new HashMap<>();
        users.byLowerEmails(new ArrayList<>(roleByEmail.keySet()))
                .forEach(u -> accounts.put(u.email().toLowerCase(Locale.ROOT), u.id()));
        Set<String> alreadyMembers = new HashSet<>();
        if (!accounts.isEmpty()) {
            List<String> ids = accounts.values().stream().toList();
            alreadyMembers.addAll(members.membersAmong(orgId, ids));
        }
        List<String> added = new ArrayList<>();
        for (Map.Entry<String, String> e : roleByEmail.entrySet()) {
            String user = accounts.get(e.getKey());
            if (user == null) {
                user = users.createKnownNew(e.getKey(), e.getKey().substring(0, e.getKey().indexOf('@')), null, false);
            }
            if (!alreadyMembers.contains(user)) {
                members.addNew(orgId, user, e.getValue(), sso);
                added.add(user);
            }
        }
        return new InvitedUsers(added, added.size());
    }

    /**
     * Creates an invite link with a role (null: guests). Admins only, and only while invite links are on: the
     * organization row is locked, so a PATCH turning them off cannot commit between the check and the insert.
     */
    @Transactional
    public InviteView createLink(String orgId, String callerId, JsonBody body) {
        var org = access.requireAdminLocked(orgId, callerId).settings();
        if (!org.inviteLinks()) {
            throw ApiException.forbidden("invite links are turned off for this organization (inviteLinks)");
        }
        LinkInviteRequest req = LinkInviteRequest.forCreate(body);
        LinkInvite invite = new LinkInvite();
        invite.id = Ids.newId();
        invite.organizationId = orgId;
        invite.role = Role.wireOf(req.role());
        invite.sso = req.sso() != null && req.sso();
        invite.createdBy = callerId;
        invite.createdAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        store.persist(invite);
        events.publish(IdentityEventTypes.INVITE_CREATED, invite.id, views.event(invite));
        return views.view(invite);
    }

    @Transactional
    public ListPage<InviteView> listLinks(String orgId, String callerId, Integer limitParam, String page) {
        access.requireAdmin(orgId, callerId);
        int limit = Limits.of(limitParam);
        return store.list(orgId, page, limit).map(views::view);
    }

    @Transactional
    public InviteView getLink(String orgId, String callerId, String inviteId) {
        access.requireAdmin(orgId, callerId);
        return views.view(requireLink(orgId, inviteId));
    }

    /** Changes role and sso of a link; the row is locked from the read on, so the event shows what committed. */
    @Transactional
    public InviteView updateLink(String orgId, String callerId, String inviteId, JsonBody body) {
        access.requireAdmin(orgId, callerId);
        LinkInvite invite = requireLink(orgId, inviteId, LockModeType.PESSIMISTIC_WRITE);
        LinkInviteRequest req = LinkInviteRequest.forUpdate(body);
        if (req.setsRole()) {
            invite.role = Role.wireOf(req.role());
        }
        if (req.sso() != null) {
            invite.sso = req.sso();
        }
        events.publish(IdentityEventTypes.INVITE_UPDATED, invite.id, views.event(invite));
        return views.view(invite);
    }

    /** Locked: of two concurrent deletes the second waits, then finds nothing (204), not a deleted row (a 500). */
    @Transactional
    public void deleteLink(String orgId, String callerId, String inviteId) {
        access.requireAdmin(orgId, callerId);
        LinkInvite invite = inviteId == null || Inputs.hasNul(inviteId) ? null
                : store.find(inviteId, LockModeType.PESSIMISTIC_WRITE);
        if (invite != null && invite.organizationId.equals(orgId)) {
            store.delete(invite);
            events.publish(IdentityEventTypes.INVITE_DELETED, invite.id, new InviteDeleted(invite.id, orgId));
        }
    }

    /**
     * POST /orgs/{o}/invites/{inviteId}: whoever holds the link joins with its role. Locks the organization row
     * (two joins of one user take turns), then the link FOR SHARE (it cannot change or go before the join commits).
     */
    @Transactional
    public void joinWithLink(String orgId, String callerId, String inviteId) {
        access.lockOrganization(orgId);
        LinkInvite invite = requireLink(orgId, inviteId, LockModeType.PESSIMISTIC_READ);
        users.get(callerId);
        members.add(orgId, callerId, invite.role, invite.sso);
    }

    private LinkInvite requireLink(String orgId, String inviteId) {
        return requireLink(orgId, inviteId, LockModeType.NONE);
    }

    private LinkInvite requireLink(String orgId, String inviteId, LockModeType lock) {
        LinkInvite invite = inviteId == null || Inputs.hasNul(inviteId) ? null : store.find(inviteId, lock);
        if (invite == null || !invite.organizationId.equals(orgId)) {
            throw ApiException.notFound("no invite " + inviteId);
        }
        return invite;
    }
}
