package io.bindery.integrations.integrations;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bindery.commons.urls.PublicUrls;
import io.bindery.integrations.access.IntegrationPolicy;
import io.bindery.integrations.organizations.Organization;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;

/** Integration rows as GitBook's Integration, for a caller with a given policy in the owning organization. */
@ApplicationScoped
public class IntegrationViews {
    @Inject
    ObjectMapper json;
    @Inject
    PublicUrls urls;

    public IntegrationView view(Integration row, Organization owner, IntegrationPolicy policy) {
        JsonNode d = read(row.definition);
        boolean admin = policy.allows(IntegrationPolicy.Action.ADMIN);
        String location = urls.api("/v1/integrations/" + row.name);
        String endpoint = urls.api("/v1/integrations/" + row.name + "/endpoint");
        IntegrationView.Urls links = new IntegrationView.Urls(location, text(d, "icon"),
                urls.app("/integrations/" + row.name), location + "/assets", endpoint, endpoint);
        return new IntegrationView("integration", row.name, row.version, row.title, text(d, "description"),
                text(d, "summary"), strings(d.get("previewImages")), row.target, false, row.visibility,
                strings(d.get("scopes")), strings(d.get("categories")), d.get("blocks"), d.get("contentSources"),
                d.get("externalLinks"), d.get("configurations"), d.get("contentSecurityPolicy"),
                owner(owner, policy), new IntegrationView.Permissions(admin), links,
                admin ? row.signingSecret : null, admin ? row.endpointUrl : null,
                admin && row.devTunnelUrl != null ? new IntegrationView.Dev(row.devTunnelUrl, row.devAll) : null);
    }

    /** The owner as identity published it, with the caller's permissions there. */
    ObjectNode owner(Organization owner, IntegrationPolicy policy) {
        ObjectNode org = (ObjectNode) read(owner.data());
        org.set("permissions", json.valueToTree(policy.organizationPermissions()));
        return org;
    }

    JsonNode read(String text) {
        try {
            return json.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored JSON does not parse", e);
        }
    }

    private static String text(JsonNode d, String field) {
        JsonNode v = d.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        if (array != null) {
            array.forEach(v -> out.add(v.asText()));
        }
        return out;
    }
}
