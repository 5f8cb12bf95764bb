package io.bindery.identity.invites;

import io.bindery.commons.urls.PublicUrls;
import io.bindery.contracts.identity.InviteChanged;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** The Invite resource ({@link InviteView}) and the data of the invite events. */
@ApplicationScoped
class InviteViews {
    @Inject
    PublicUrls urls;

    InviteView view(LinkInvite invite) {
        return new InviteView("invite", invite.id, invite.role, false,
                new InviteView.Urls(urls.api("/orgs/" + invite.organizationId + "/link-invites/" + invite.id)));
    }

    /** The data of the invite events. */
    InviteChanged event(LinkInvite invite) {
        return new InviteChanged(invite.id, invite.organizationId, invite.role, invite.sso);
    }
}
