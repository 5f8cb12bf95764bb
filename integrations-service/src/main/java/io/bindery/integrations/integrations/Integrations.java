package io.bindery.integrations.integrations;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.SortKey;
import io.bindery.commons.lists.Where;
import io.bindery.contracts.integrations.IntegrationData;
import io.bindery.contracts.integrations.IntegrationsEventTypes;
import io.bindery.integrations.access.IntegrationAccess;
import io.bindery.integrations.access.IntegrationPolicy;
import io.bindery.integrations.organizations.Organization;
import io.bindery.integrations.organizations.Organizations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.security.SecureRandom;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;

/** Publishing, reading, listing and deleting integrations. */
@ApplicationScoped
public class Integrations {
    private static final Keyset<Integration> OLDEST_FIRST = Keyset.ascending(
            SortKey.instant("created_at", i -> i.createdAt), SortKey.text("name", i -> i.name));
    private static final SecureRandom RANDOM = new SecureRandom();

    @Inject
    IntegrationStore store;
    @Inject
    IntegrationAccess access;
    @Inject
    Organizations organizations;
    @Inject
    IntegrationViews views;
    @Inject
    ObjectMapper json;
    @Inject
    EventPublisher events;

    /** The list's filters, as GitBook names them; null: not filtered. */
    public record Filters(String search, String category, String blockDomain, Boolean blocks, Boolean contentSources,
                          String owner, String scope, String target) {
    }

    @Transactional
    public IntegrationView publish(String name, String userId, PublishIntegrationRequest request) {
        PublishIntegrationRequest.checkName(name);
        Organization org = organizations.byIdOrSubdomain(request.organization());
        IntegrationPolicy policy = access.member(org.id(), userId);
        policy.require(IntegrationPolicy.Action.ADMIN);
        Integration row = store.lock(name);
        Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
        if (row == null) {
            row = new Integration();
            row.name = name;
            row.ownerId = org.id();
            row.version = 0;
            row.createdAt = now;
            row.signingSecret = newSigningSecret();
        } else if (!row.ownerId.equals(org.id())) {
            throw ApiException.conflict("the integration name " + name + " belongs to another organization");
        } else if (request.rotateSigningSecret()) {
            row.signingSecret = newSigningSecret();
        }
        row.version += 1;
        row.title = request.definition().get("title").asText();
        row.visibility = request.definition().get("visibility").asText();
        row.target = request.definition().get("target").asText();
        row.definition = request.definition().toString();
        row.script = request.script();
        row.secrets = write(request.secrets());
        if (request.endpoint() != null) {
            row.endpointUrl = request.endpoint();
        }
        row.updatedAt = now;
        store.save(row);
        store.flush();
        events.publish(IntegrationsEventTypes.INTEGRATION_PUBLISHED, row.name, data(row));
        return views.view(row, org, policy);
    }

    /** The integration as the caller may see it: a private one only inside its organization (404 otherwise). */
    public IntegrationRef visible(String name, String userId) {
        return IntegrationRef.of(seen(name, userId).row());
    }

    /** The integration of that name, unchecked (null: none); for a caller that checked access another way. */
    public IntegrationRef byName(String name) {
        Integration row = store.find(name);
        return row == null ? null : IntegrationRef.of(row);
    }

    @Transactional
    public IntegrationView get(String name, String userId) {
        Seen seen = seen(name, userId);
        return views.view(seen.row(), organizations.get(seen.row().ownerId), seen.policy());
    }

    /** An integration the caller may see, with what the caller may do with it. */
    private record Seen(Integration row, IntegrationPolicy policy) {
    }

    private Seen seen(String name, String userId) {
        PublishIntegrationRequest.checkName(name);
        Integration row = store.find(name);
        if (row == null) {
            throw ApiException.notFound("no integration " + name);
        }
        IntegrationPolicy policy = access.anyone(row.ownerId, userId);
        // a private integration is only known to its organization; unlisted ones are found by name
        if (row.visibility.equals("private") && !policy.allows(IntegrationPolicy.Action.VIEW)) {
            throw ApiException.notFound("no integration " + name);
        }
        return new Seen(row, policy);
    }

    /** The row of an integration the caller administers (null: none of that name): 404 when it cannot see it, 403 when not an admin. */
    public Integration administered(String name, String userId) {
        PublishIntegrationRequest.checkName(name);
        Integration row = store.lock(name);
        if (row == null) {
            return null;
        }
        IntegrationPolicy policy = access.anyone(row.ownerId, userId);
        if (!policy.allows(IntegrationPolicy.Action.VIEW)) {
            // another organization's private integration: 404, as everywhere (only a name no one holds is a 204)
            if (row.visibility.equals("private")) {
                throw ApiException.notFound("no integration " + name);
            }
            throw ApiException.forbidden("this needs the admin role in the integration's organization");
        }
        policy.require(IntegrationPolicy.Action.ADMIN);
        return row;
    }

    /** Deletes it; a name that matches no integration is done already (204, as GitBook answers). */
    @Transactional
    public void delete(String name, String userId) {
        Integration row = administered(name, userId);
        if (row != null) {
            store.remove(row);
            events.publish(IntegrationsEventTypes.INTEGRATION_DELETED, row.name, data(row));
        }
    }

    /**
     * Public integrations, plus the private and unlisted ones of {@code owner} when the caller is a member there;
     * oldest first.
     */
    @Transactional
    public ListPage<IntegrationView> list(String userId, Filters f, String page, int limit) {
        Where where = Where.of("visibility = 'public'");
        if (f.owner() != null) {
            Organization owner = organizations.byIdOrSubdomain(f.owner());
            IntegrationPolicy policy = access.anyone(owner.id(), userId);
            where = Where.of(policy.allows(IntegrationPolicy.Action.VIEW) ? "TRUE" : "visibility = 'public'")
                    .and("owner_id = :owner", "owner", owner.id());
        }
        if (f.search() != null && !f.search().isBlank()) {
            where = where.and("(name ILIKE :search OR title ILIKE :search OR definition->>'description' ILIKE :search)",
                    "search", "%" + Where.likeEscaped(f.search().strip()) + "%");
        }
        if (f.category() != null) {
            where = where.and("jsonb_exists(definition->'categories', :category)", "category", f.category());
        }
        if (f.scope() != null) {
            where = where.and("jsonb_exists(definition->'scopes', :scope)", "scope", f.scope());
        }
        if (f.target() != null) {
            where = where.and("target = :target", "target", f.target());
        }
        if (f.blocks() != null) {
            where = where.and(f.blocks() ? "jsonb_array_length(definition->'blocks') > 0"
                    : "jsonb_array_length(definition->'blocks') = 0");
        }
        if (f.contentSources() != null) {
            where = where.and(f.contentSources() ? "jsonb_array_length(definition->'contentSources') > 0"
                    : "jsonb_array_length(definition->'contentSources') = 0");
        }
        if (f.blockDomain() != null) {
            // a block unfurls URLs of the domain when one of its urlUnfurl patterns has it (or a subdomain) as host
            where = where.and("""
                            EXISTS (SELECT 1 FROM jsonb_array_elements(definition->'blocks') b,
                                jsonb_array_elements_text(COALESCE(b->'urlUnfurl', '[]'::jsonb)) u
                                WHERE u ~* :domainPattern)""", "domainPattern",
                    "^([a-z]+://)?([^/]*\\.)?" + f.blockDomain().replace(".", "\\.") + "([:/]|$)");
        }
        ListPage<Integration> rows = store.page(OLDEST_FIRST.page(page, limit), where);
        return rows.map(row -> views.view(row, organizations.get(row.ownerId), access.anyone(row.ownerId, userId)));
    }

    IntegrationData data(Integration row) {
        com.fasterxml.jackson.databind.JsonNode d = views.read(row.definition);
        return new IntegrationData(row.name, row.ownerId, row.version, row.title, row.visibility, row.target,
                json.convertValue(d.get("scopes"), STRINGS), json.convertValue(d.get("categories"), STRINGS),
                row.createdAt, row.updatedAt);
    }

    private static final com.fasterxml.jackson.core.type.TypeReference<java.util.List<String>> STRINGS =
            new com.fasterxml.jackson.core.type.TypeReference<>() {
            };

    private static String newSigningSecret() {
        byte[] key = new byte[32];
        RANDOM.nextBytes(key);
        return "whsec_" + HexFormat.of().formatHex(key);
    }

    private String write(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
