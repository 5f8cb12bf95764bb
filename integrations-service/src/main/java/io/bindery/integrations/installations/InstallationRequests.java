package io.bindery.integrations.installations;

import io.bindery.integrations.targets.TargetKind;
import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The bodies of the installation endpoints, checked against GitBook 0.167.0's request schemas. */
public final class InstallationRequests {
    static final Set<String> SELECTIONS = Set.of("all", "selected");
    static final int MAX_CONFIGURATION_CHARS = 64 * 1024;

    private InstallationRequests() {
    }

    /**
     * {@code POST …/installations}: GitBook's OrganizationTarget ({@code organization}), plus what an update takes
     * (selections, configuration, externalIds), so one call installs as wanted. Selections default to {@code all}.
     */
    public record Install(String organization, String spaceSelection, String siteSelection, JsonNode configuration,
                          List<String> externalIds) {
        public static Install from(JsonNode node) {
            JsonBody body = JsonBody.of(node);
            Update u = Update.from(node);
            return new Install(body.requiredString("organization", 1, 255), u.spaceSelection().orElse("all"),
                    u.siteSelection().orElse("all"), u.configuration().orElse(null), u.externalIds().orElse(List.of()));
        }
    }

    /** {@code PATCH …/installations/{id}}: each field optional; absent ones stay. */
    public record Update(Optional<String> spaceSelection, Optional<String> siteSelection,
                         Optional<JsonNode> configuration, Optional<List<String>> externalIds) {
        public static Update from(JsonNode node) {
            JsonBody body = JsonBody.of(node);
            return new Update(selection(body, "space_selection"), selection(body, "site_selection"),
                    readConfiguration(body), readExternalIds(body));
        }
    }

    /**
     * {@code POST …/installations/{id}/spaces} ({@code space}) and {@code …/sites} ({@code siteId}, as GitBook's
     * installIntegrationOnSite names it; {@code site}, which Bindery took before, still works).
     */
    public static String target(JsonNode node, TargetKind kind) {
        JsonBody body = JsonBody.of(node);
        String field = kind == TargetKind.SITE && !body.has("siteId") && body.has("site") ? "site" : kind.field;
        String id = body.requiredString(field, 1, 100);
        if (!id.matches("[a-zA-Z0-9_-]+")) {
            throw ApiException.badRequest(field + " must be an id (letters, digits, '-', '_')");
        }
        return id;
    }

    /** {@code PATCH …/spaces/{id}} and {@code …/sites/{id}}: configuration and externalIds, both optional. */
    public record TargetUpdate(Optional<JsonNode> configuration, Optional<List<String>> externalIds) {
        public static TargetUpdate from(JsonNode node) {
            JsonBody body = JsonBody.of(node);
            return new TargetUpdate(readConfiguration(body), readExternalIds(body));
        }
    }

    private static Optional<String> selection(JsonBody body, String field) {
        Optional<String> v = body.string(field);
        if (v.isPresent() && !SELECTIONS.contains(v.get())) {
            throw ApiException.badRequest(field + " must be all or selected");
        }
        return v;
    }

    private static Optional<JsonNode> readConfiguration(JsonBody body) {
        JsonNode c = body.raw("configuration");
        if (c == null || c.isNull()) {
            return Optional.empty();
        }
        if (!c.isObject()) {
            throw ApiException.badRequest("configuration must be an object");
        }
        if (c.toString().length() > MAX_CONFIGURATION_CHARS) {
            throw ApiException.badRequest("configuration is over " + MAX_CONFIGURATION_CHARS + " characters");
        }
        return Optional.of(c);
    }

    private static Optional<List<String>> readExternalIds(JsonBody body) {
        Optional<List<String>> ids = body.strings("externalIds");
        if (ids.isPresent()) {
            if (ids.get().size() > 5) {
                throw ApiException.badRequest("externalIds holds at most 5 ids");
            }
            for (String id : ids.get()) {
                if (id.isEmpty() || id.length() > 255) {
                    throw ApiException.badRequest("each of externalIds must be 1 to 255 characters");
                }
            }
        }
        return ids;
    }
}
