package io.bindery.identity.saml;

import io.bindery.commons.urls.PublicUrls;
import io.bindery.contracts.identity.SamlProviderChanged;
import io.bindery.identity.teams.TeamView;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * The SamlProvider resource ({@link SamlProviderView}), the data of the provider events and the SSO logins. The
 * service-provider side of each provider lives under the platform's public URL at stable per-provider paths:
 * {@code /__/auth/saml/{id}/acs}, {@code /start} and {@code /metadata}.
 */
@ApplicationScoped
class SamlProviderViews {
    @Inject
    PublicUrls urls;

    /** The resource, with its default team as the caller sees it (null: none). */
    SamlProviderView view(SamlProvider p, TeamView team) {
        return new SamlProviderView("saml-provider", p.id, p.label, p.ssoUrl, p.entityId, p.certificate, team,
                p.defaultRole, p.createdAt, p.status(),
                new SamlProviderView.Service(urls.app(samlPath(p.id, "acs")), startUrl(p.id), urls.app(samlPath(p.id, "metadata"))),
                new SamlProviderView.Urls(urls.api("/orgs/" + p.organizationId + "/saml/" + p.id)));
    }

    /** The data of the provider events; {@code team}: its default team without permissions (null: none). */
    SamlProviderChanged event(SamlProvider p, TeamView team) {
        SamlProviderView v = view(p, team);
        return new SamlProviderChanged(v.object(), v.id(), v.label(), v.ssoURL(), v.entityID(), v.certificate(),
                team == null ? null : new SamlProviderChanged.DefaultTeam(team.object(), team.id(), team.title(),
                        team.members(), team.spaces(), team.createdAt()),
                v.defaultRole(), v.createdAt(), v.status(),
                new SamlProviderChanged.Service(v.service().acsURL(), v.service().startURL(), v.service().entityID()),
                new SamlProviderChanged.Urls(v.urls().location()));
    }

    /** An entry of the SSO login list. */
    SamlLoginList.Login login(SamlProvider p) {
        return new SamlLoginList.Login(p.id, p.label, startUrl(p.id));
    }

    private String startUrl(String providerId) {
        return urls.app(samlPath(providerId, "start"));
    }

    private static String samlPath(String providerId, String endpoint) {
        return "/__/auth/saml/" + providerId + "/" + endpoint;
    }
}
