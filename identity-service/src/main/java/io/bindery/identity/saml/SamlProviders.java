package io.bindery.identity.saml;

import io.bindery.identity.organizations.OrgAccess;
import io.bindery.identity.support.Inputs;
import io.bindery.identity.teams.TeamView;
import io.bindery.identity.teams.Teams;
import io.bindery.contracts.identity.IdentityEventTypes;
import io.bindery.contracts.identity.SamlProviderChanged;
import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.lists.Limits;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.urls.PublicUrls;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityNotFoundException;
import jakarta.transaction.Transactional;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.security.cert.CertificateFactory;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * SAML providers of an organization (org admins only) and the SSO login list (any member); the SSO mark on a
 * member is {@code Members.markSso}.
 *
 * <p>The service-provider side of each provider, which an identity provider is configured with, lives under
 * the platform's public URL at stable per-provider paths:
 * {@code /__/auth/saml/{id}/acs} (assertion consumer service), {@code /__/auth/saml/{id}/start} (where a
 * login starts) and {@code /__/auth/saml/{id}/metadata} (the service provider's entity ID, by the usual
 * convention its metadata URL).
 */
@ApplicationScoped
public class SamlProviders {
    static final int LABEL_MAX = 30;
    static final int ENTITY_ID_MAX = 1024;
    static final int CERTIFICATE_MAX = 10000;
    static final int SSO_URL_MAX = 2048;
    private static final String PEM_BEGIN = "-----BEGIN CERTIFICATE-----";
    private static final Pattern BASE64_BODY = Pattern.compile("^[A-Za-z0-9+/=\\s]+$");

    @Inject
    OrgAccess access;
    @Inject
    PublicUrls urls;
    @Inject
    EventPublisher events;
    @Inject
    Teams teams;
    @Inject
    SamlProviderStore store;
    @Inject
    SamlProviderViews views;

    @Transactional
    public ListPage<SamlProviderView> list(String orgId, String callerId, String limitParam, String page) {
        OrgAccess.Access a = access.requireAdmin(orgId, callerId);
        int limit = Limits.parse(limitParam);
        ListPage<SamlProvider> rows = store.list(orgId, page, limit);
        Map<String, TeamView> defaultTeams = teams.views(orgId, rows.items().stream().map(p -> p.defaultTeamId).filter(Objects::nonNull)
                .collect(Collectors.toSet()), a);
        return rows.map(p -> views.view(p, p.defaultTeamId == null ? null : defaultTeams.get(p.defaultTeamId)));
    }

    @Transactional
    public SamlProviderView create(String orgId, String callerId, SamlProviderInput in) {
        OrgAccess.Access a = access.requireAdmin(orgId, callerId);
        if (in.label() == null) {
            throw ApiException.badRequest("label is required");
        }
        SamlProvider p = new SamlProvider();
        p.id = Ids.newId();
        p.organizationId = orgId;
        apply(p, in, defaultTeam(orgId, in));
        p.createdAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        p.updatedAt = p.createdAt;
        store.persist(p);
        events.publish(IdentityEventTypes.SAML_PROVIDER_CREATED, p.id, eventView(p));
        return view(p, a);
    }

    @Transactional
    public SamlProviderView get(String orgId, String callerId, String providerId) {
        OrgAccess.Access a = access.requireAdmin(orgId, callerId);
        return view(require(orgId, providerId), a);
    }

    /**
     * Changes the present fields. The default team named is locked (FOR KEY SHARE: it cannot be deleted before this
     * commits, which would fail the foreign key) before the provider row (FOR NO KEY UPDATE, re-read: the event
     * shows the provider as committed, and of two updates the second applies its fields to the first's result).
     */
    @Transactional
    public SamlProviderView update(String orgId, String callerId, String providerId, SamlProviderInput in) {
        OrgAccess.Access a = access.requireAdmin(orgId, callerId);
        SamlProvider p = require(orgId, providerId);
        String defaultTeam = defaultTeam(orgId, in);
        try {
            store.refreshLocked(p);
        } catch (EntityNotFoundException deletedMeanwhile) {
            throw ApiException.notFound("no SAML provider " + providerId + " in organization " + orgId);
        }
        if (apply(p, in, defaultTeam)) {
            p.updatedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
            events.publish(IdentityEventTypes.SAML_PROVIDER_UPDATED, p.id, eventView(p));
        }
        return view(p, a);
    }

    /**
     * Deleting a provider that does not exist (or is another organization's) succeeds and changes nothing. Locked:
     * of two concurrent deletes the second waits, then finds nothing.
     */
    @Transactional
    public void delete(String orgId, String callerId, String providerId) {
        access.requireAdmin(orgId, callerId);
        SamlProvider p = providerId == null || Inputs.hasNul(providerId) ? null
                : store.findLocked(providerId);
        if (p == null || !p.organizationId.equals(orgId)) {
            return;
        }
        SamlProviderChanged gone = eventView(p);
        store.delete(p);
        events.publish(IdentityEventTypes.SAML_PROVIDER_DELETED, p.id, gone);
    }

    /**
     * What the login page offers: the organization's providers members can sign in with. Providers still
     * pending (entityID, certificate or ssoURL missing) cannot authenticate anyone, so they are left out.
     */
    @Transactional
    public SamlLoginList logins(String orgId, String callerId) {
        access.requireMember(orgId, callerId);
        List<SamlProvider> providers = store.all(orgId);
        return new SamlLoginList(providers.stream()
                .filter(p -> SamlProvider.ACTIVE.equals(p.status()))
                .map(views::login)
                .toList());
    }

    /** The default team the input names, checked and locked (FOR KEY SHARE); null when absent or null. */
    private String defaultTeam(String orgId, SamlProviderInput in) {
        return in.defaultTeam() == null ? null : validTeam(orgId, in.defaultTeam().value());
    }

    /**
     * Applies the present fields of the input, checking each limit; returns whether anything changed.
     * {@code defaultTeam}: the checked {@link #defaultTeam}.
     */
    private boolean apply(SamlProvider p, SamlProviderInput in, String checkedDefaultTeam) {
        String label = in.label() == null ? p.label : validLabel(in.label().value());
        String entityId = in.entityID() == null ? p.entityId : validEntityId(in.entityID().value());
        String certificate = in.certificate() == null ? p.certificate : validCertificate(in.certificate().value());
        String ssoUrl = in.ssoURL() == null ? p.ssoUrl : validSsoUrl(in.ssoURL().value());
        String defaultTeam = in.defaultTeam() == null ? p.defaultTeamId : checkedDefaultTeam;
        String defaultRole = in.defaultRole() == null ? p.defaultRole
                : Role.wireOf(Role.parse("defaultRole", in.defaultRole().value()));
        boolean changed = !Objects.equals(label, p.label) || !Objects.equals(entityId, p.entityId)
                || !Objects.equals(certificate, p.certificate) || !Objects.equals(ssoUrl, p.ssoUrl)
                || !Objects.equals(defaultTeam, p.defaultTeamId) || !Objects.equals(defaultRole, p.defaultRole);
        p.label = label;
        p.entityId = entityId;
        p.certificate = certificate;
        p.ssoUrl = ssoUrl;
        p.defaultTeamId = defaultTeam;
        p.defaultRole = defaultRole;
        return changed;
    }

    static String validLabel(String label) {
        String l = Inputs.noNul("label", label).strip();
        int length = l.codePointCount(0, l.length());
        if (length < 1 || length > LABEL_MAX) {
            throw ApiException.badRequest("label must be between 1 and " + LABEL_MAX + " characters");
        }
        return l;
    }

    static String validEntityId(String entityId) {
        Inputs.noNul("entityID", entityId);
        if (entityId.codePointCount(0, entityId.length()) > ENTITY_ID_MAX) {
            throw ApiException.badRequest("entityID must be at most " + ENTITY_ID_MAX + " characters");
        }
        return entityId.strip();
    }

    /**
     * A PEM X.509 certificate, or the bare base64 body of one (as identity-provider metadata gives it); kept
     * as sent. It must parse, so a provider is never saved with a certificate that can verify nothing.
     */
    static String validCertificate(String certificate) {
        if (certificate.codePointCount(0, certificate.length()) > CERTIFICATE_MAX) {
            throw ApiException.badRequest("certificate must be at most " + CERTIFICATE_MAX + " characters");
        }
        String text = certificate.strip();
        if (Inputs.hasNul(text)) {
            throw notACertificate();
        }
        String pem = text;
        if (!text.startsWith(PEM_BEGIN)) {
            if (!BASE64_BODY.matcher(text).matches()) {
                throw notACertificate();
            }
            pem = PEM_BEGIN + "\n" + text + "\n-----END CERTIFICATE-----\n";
        }
        try {
            Collection<?> certificates = CertificateFactory.getInstance("X.509")
                    .generateCertificates(new ByteArrayInputStream(pem.getBytes(StandardCharsets.US_ASCII)));
            if (certificates.isEmpty()) {
                throw notACertificate();
            }
        } catch (ApiException e) {
            throw e;
        } catch (Exception e) {
            // CertificateException, or a RuntimeException from the decoder on garbage: either way, bad input
            throw notACertificate();
        }
        return text;
    }

    private static ApiException notACertificate() {
        return ApiException.badRequest("certificate must be a PEM-encoded X.509 certificate");
    }

    static String validSsoUrl(String ssoUrl) {
        Inputs.noNul("ssoURL", ssoUrl);
        if (ssoUrl.codePointCount(0, ssoUrl.length()) > SSO_URL_MAX) {
            throw ApiException.badRequest("ssoURL must be at most " + SSO_URL_MAX + " characters");
        }
        try {
            URI uri = new URI(ssoUrl);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if ((scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null && !uri.getHost().isEmpty()) {
                return ssoUrl;
            }
        } catch (URISyntaxException e) {
            // falls through to the 400 below
        }
        throw ApiException.badRequest("ssoURL must be an absolute http or https URL");
    }

    /** The team, locked FOR KEY SHARE until commit (it cannot be deleted while a provider starts naming it). */
    private String validTeam(String orgId, String teamId) {
        if (teamId == null) {
            return null;
        }
        boolean found = Ids.looksLikeId(teamId) && teams.keepTeam(orgId, teamId);
        if (!found) {
            throw ApiException.badRequest("defaultTeam: no team " + teamId + " in this organization");
        }
        return teamId;
    }

    private SamlProvider require(String orgId, String providerId) {
        SamlProvider p = providerId == null || Inputs.hasNul(providerId) ? null : store.find(providerId);
        if (p == null || !p.organizationId.equals(orgId)) {
            throw ApiException.notFound("no SAML provider " + providerId + " in organization " + orgId);
        }
        return p;
    }

    private SamlProviderView view(SamlProvider p, OrgAccess.Access a) {
        TeamView team = p.defaultTeamId == null ? null
                : teams.views(p.organizationId, List.of(p.defaultTeamId), a).get(p.defaultTeamId);
        return views.view(p, team);
    }

    /** The data of the provider events: the SamlProvider, its default team without permissions. */
    private SamlProviderChanged eventView(SamlProvider p) {
        TeamView team = p.defaultTeamId == null ? null
                : teams.views(p.organizationId, List.of(p.defaultTeamId), null).get(p.defaultTeamId);
        return views.event(p, team);
    }
}
