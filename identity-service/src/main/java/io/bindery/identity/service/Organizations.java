package io.bindery.identity.service;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.urls.PublicUrls;
import io.bindery.identity.domain.Member;
import io.bindery.identity.domain.Organization;
import io.bindery.identity.rest.dto.CreateOrganizationRequest;
import io.bindery.identity.rest.dto.OrganizationView;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

@ApplicationScoped
public class Organizations {
    private static final Pattern HOSTNAME = Pattern.compile("^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$");
    private static final Pattern DOMAIN = Pattern.compile("^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,63}$");
    private static final List<String> TYPES = List.of("business", "community");

    @Inject
    PublicUrls urls;
    @Inject
    EventPublisher events;
    @Inject
    ObjectMapper json;

    /** Creates an organization; the caller becomes its admin member. */
    @Transactional
    public OrganizationView create(String callerId, CreateOrganizationRequest req) {
        if (req == null) {
            throw ApiException.badRequest("request body is required");
        }
        Organization org = new Organization();
        org.id = Ids.newId();
        org.title = validTitle(req.title());
        org.emailDomains = validDomains(req.emailDomains());
        org.hostname = req.hostname() == null ? null : validHostname(req.hostname());
        if (req.type() != null && !TYPES.contains(req.type())) {
            throw ApiException.badRequest("type must be one of business, community");
        }
        org.type = req.type() == null ? "business" : req.type();
        org.plan = "free_2024";
        org.mergeRules = json.createObjectNode().put("type", "none");
        org.inviteLinks = true;
        org.createdAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        org.updatedAt = org.createdAt;
        if (org.hostname != null && Organization.count("lower(hostname) = ?1", org.hostname) > 0) {
            throw ApiException.conflict("hostname " + org.hostname + " is already taken");
        }
        org.persist();

        Member admin = new Member();
        admin.organizationId = org.id;
        admin.userId = callerId;
        admin.role = Role.ADMIN.wire();
        admin.joinedAt = org.createdAt;
        admin.persist();

        events.publish("bindery.organization.created.v1", org.id, view(org, null));
        events.publish("bindery.member.added.v1", org.id,
                Map.of("organization", org.id, "user", callerId, "role", admin.role, "joinedAt", admin.joinedAt));
        return view(org, Role.ADMIN);
    }

    static String validTitle(String title) {
        if (title == null) {
            throw ApiException.badRequest("title is required");
        }
        String t = title.trim();
        if (t.length() < 2 || t.length() > 255) {
            throw ApiException.badRequest("title must be between 2 and 255 characters");
        }
        return t;
    }

    static String validHostname(String hostname) {
        String h = hostname.trim().toLowerCase(Locale.ROOT);
        if (h.length() < 3 || h.length() > 32 || !HOSTNAME.matcher(h).matches()) {
            throw ApiException.badRequest("hostname must be 3 to 32 lowercase letters, digits or hyphens, starting and ending with a letter or digit");
        }
        return h;
    }

    static List<String> validDomains(List<String> domains) {
        if (domains == null) {
            return new ArrayList<>();
        }
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (String d : domains) {
            String v = d == null ? "" : d.trim().toLowerCase(Locale.ROOT);
            if (!DOMAIN.matcher(v).matches()) {
                throw ApiException.badRequest("emailDomains: '" + d + "' is not a domain name");
            }
            out.add(v);
        }
        if (out.size() > 100) {
            throw ApiException.badRequest("emailDomains: at most 100 domains");
        }
        return new ArrayList<>(out);
    }

    /**
     * The API shape of an organization, with permissions for a caller of the given role (null for an
     * event payload, which carries no per-caller fields).
     */
    public OrganizationView view(Organization org, Role callerRole) {
        OrganizationView.Permissions permissions = null;
        if (callerRole != null) {
            boolean admin = callerRole == Role.ADMIN;
            boolean create = callerRole.atLeast(Role.CREATE);
            permissions = new OrganizationView.Permissions(true, admin, true, create, create, admin, admin,
                    true, true, true, admin, admin);
        }
        return new OrganizationView("organization", org.id, org.title, org.createdAt, org.emailDomains, org.hostname,
                org.type, org.useCase, org.communityType, org.defaultRole, org.defaultContent, org.sso, org.ai,
                org.inviteLinks, org.plan, org.mergeRules, new OrganizationView.Trial("notapplicable"),
                new OrganizationView.Urls(urls.api("/orgs/" + org.id), urls.app("/o/" + org.id), org.logoUrl),
                permissions);
    }
}
