package io.bindery.identity.organizations;

import io.bindery.identity.support.Inputs;
import io.bindery.identity.users.Users;

import io.bindery.contracts.identity.IdentityEventTypes;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.urls.PublicUrls;
import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.json.JsonBody;
import io.bindery.commons.lists.Limits;
import io.bindery.commons.lists.ListPage;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
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
    @Inject
    Memberships members;
    @Inject
    OrgAccess access;
    @Inject
    Users users;
    @Inject
    OrganizationStore store;
    @Inject
    OrganizationViews views;

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
        requireFreeHostname(org.hostname, org.id);
        store.persist(org);
        events.publish(IdentityEventTypes.ORGANIZATION_CREATED, org.id, views.event(org));
        members.add(org.id, callerId, Role.ADMIN.wire(), false);
        return views.view(org, true, Role.ADMIN);
    }

    /** The caller's organizations, oldest first, keyset paged on (createdAt, id). */
    @Transactional
    public ListPage<OrganizationView> listForCaller(String callerId, Integer limitParam, String page) {
        int limit = Limits.of(limitParam);
        return store.forMember(callerId, page, limit).map(r -> views.view(r.organization(), true, Role.parse("role", r.role())));
    }

    @Transactional
    public OrganizationView get(String orgId, String callerId) {
        OrgAccess.Access a = access.requireMember(orgId, callerId);
        return views.view(a.organization(), true, a.role());
    }

    /**
     * PATCH: only the fields present change; null clears the nullable ones. Admins only. The row is locked from
     * the read on: two PATCHes take turns, so each one's event shows the organization as it committed it (an
     * event built from a stale read would undo the other PATCH in every projection), and the members named by
     * mergeRules cannot be removed before it commits (removals lock the row too).
     */
    @Transactional
    public OrganizationView patch(String orgId, String callerId, JsonBody body) {
        Organization org = access.requireAdminLocked(orgId, callerId).organization();
        body.string("title").ifPresent(t -> org.title = validTitle(t));
        if (body.isNull("title")) {
            throw ApiException.badRequest("title must not be null");
        }
        body.strings("emailDomains").ifPresent(d -> org.emailDomains = validDomains(d));
        if (body.has("hostname")) {
            String hostname = body.string("hostname").map(Organizations::validHostname).orElse(null);
            if (hostname != null && !hostname.equals(org.hostname)) {
                requireFreeHostname(hostname, org.id);
            }
            org.hostname = hostname;
        }
        if (body.has("defaultRole")) {
            org.defaultRole = Role.wireOf(Role.parse("defaultRole", body.string("defaultRole").orElse(null)));
        }
        if (body.has("defaultContent")) {
            org.defaultContent = body.object("defaultContent").map(Organizations::validDefaultContent).orElse(null);
        }
        if (body.has("logo")) {
            org.logoUrl = body.string("logo").map(Organizations::validLogo).orElse(null);
        }
        body.bool("sso").ifPresent(v -> org.sso = v);
        body.bool("ai").ifPresent(v -> org.ai = v);
        body.bool("inviteLinks").ifPresent(v -> org.inviteLinks = v);
        if (body.has("mergeRules")) {
            org.mergeRules = validMergeRules(body.object("mergeRules")
                    .orElseThrow(() -> ApiException.badRequest("mergeRules must not be null")), org.id);
        }
        org.updatedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        events.publish(IdentityEventTypes.ORGANIZATION_UPDATED, org.id, views.event(org));
        return views.view(org, true, Role.ADMIN);
    }

    /**
     * Joins by e-mail domain: only when the caller's domain is one of the organization's. The organization row is
     * locked: the decision (domains, default role) cannot be overtaken by a PATCH, and two joins of one user take
     * turns (the second finds the member) instead of colliding on the primary key.
     */
    @Transactional
    public void join(String orgId, String callerId) {
        Organization org = access.lockOrganization(orgId);
        if (org == null) {
            throw ApiException.notFound("no organization " + orgId);
        }
        Users.Account caller = users.get(callerId);
        if (!org.emailDomains.contains(domainOf(caller.email()))) {
            throw ApiException.forbidden("your e-mail domain is not one of the organization's e-mail domains");
        }
        members.add(org.id, callerId, org.defaultRole, false);
    }

    /** Organizations that people of an e-mail domain may join: only the caller's own domain may be looked up. */
    @Transactional
    public List<OrganizationView> byEmailDomain(String domain, String callerId) {
        Users.Account caller = users.get(callerId);
        String d = domain == null ? "" : domain.trim().toLowerCase(Locale.ROOT);
        if (!d.equals(domainOf(caller.email())) && !caller.instanceAdmin()) {
            throw ApiException.forbidden("you may only look up your own e-mail domain");
        }
        if (!DOMAIN.matcher(d).matches()) {
            return List.of(); // no organization has it (and JSON escapes or NUL must not reach the jsonb cast)
        }
        List<Organization> orgs = store.byEmailDomain(d);
        List<OrganizationView> out = new ArrayList<>();
        for (Organization org : orgs) {
            Memberships.Membership m = members.find(org.id, callerId);
            out.add(views.view(org, m != null, m == null ? null : Role.parse("role", m.role())));
        }
        return out;
    }

    /**
     * 409 when another organization has the hostname. The hostname's advisory lock is held to the end, so of two
     * transactions claiming one hostname the second sees the first's commit (not a unique-index 500).
     */
    private void requireFreeHostname(String hostname, String orgId) {
        if (hostname == null) {
            return;
        }
        store.lockHostname(hostname);
        if (store.hostnameTaken(hostname, orgId)) {
            throw ApiException.conflict("hostname " + hostname + " is already taken");
        }
    }

    static String domainOf(String email) {
        return email.substring(email.lastIndexOf('@') + 1).toLowerCase(Locale.ROOT);
    }

    static JsonNode validDefaultContent(JsonBody content) {
        String type = content.string("type").orElse(null);
        String site = content.string("site").orElse(null);
        if (!"site".equals(type) || site == null || site.isBlank() || Inputs.hasNul(site)) {
            throw ApiException.badRequest("defaultContent must be {\"type\": \"site\", \"site\": <site id>} or null");
        }
        return Inputs.noNul("defaultContent", content.node());
    }

    static String validLogo(String logo) {
        if (logo.length() > 2048 || !logo.matches("^https?://\\S+$") || Inputs.hasNul(logo)) {
            throw ApiException.badRequest("logo must be an http(s) URL of at most 2048 characters");
        }
        return logo;
    }

    JsonNode validMergeRules(JsonBody rules, String orgId) {
        String type = rules.string("type").orElse(null);
        if ("none".equals(type) || "inherit".equals(type)) {
            return json.createObjectNode().put("type", type);
        }
        if (!"rules".equals(type)) {
            throw ApiException.badRequest("mergeRules.type must be rules or none");
        }
        JsonNode list = rules.raw("rules");
        if (list == null || !list.isArray()) {
            throw ApiException.badRequest("mergeRules.rules must be an array");
        }
        for (JsonNode rule : list) {
            if (!rule.isObject() || !"require_specific_reviewers".equals(rule.path("rule").asText())) {
                throw ApiException.badRequest("mergeRules.rules[].rule must be require_specific_reviewers");
            }
            JsonNode usersNode = rule.path("users");
            if (!usersNode.isArray()) {
                throw ApiException.badRequest("mergeRules.rules[].users must be an array of user ids");
            }
            for (JsonNode u : usersNode) {
                if (!u.isTextual() || Inputs.hasNul(u.asText()) || members.find(orgId, u.asText()) == null) {
                    throw ApiException.badRequest("mergeRules.rules[].users: " + u + " is not a member of the organization");
                }
            }
        }
        return Inputs.noNul("mergeRules", rules.node());
    }

    static String validTitle(String title) {
        if (title == null) {
            throw ApiException.badRequest("title is required");
        }
        String t = Inputs.noNul("title", title).trim();
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
}
