package io.bindery.sites.sitespace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bindery.commons.errors.ApiException;
import io.bindery.contracts.content.SpaceData;
import io.bindery.sites.client.ContentClient;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The management endpoints show each site space's Space as the caller sees it in content: fresh, with the caller's
 * own {@code permissions}. A response is built from the stored spaces ({@link SpaceSources}), then this replaces
 * every {@code site-space}'s {@code space} with content's answer to one call for all of them, made after the
 * endpoint's transaction. A space the caller cannot read keeps the stored view with no permission; when content
 * cannot be reached the stored views stay, with no permission either, and the response still answers.
 */
@ApplicationScoped
public class CallerSpaces {
    private static final Logger LOG = Logger.getLogger(CallerSpaces.class);

    @Inject
    ContentClient content;
    @Inject
    ObjectMapper json;

    public JsonNode embed(String orgId, String userId, Object response) {
        JsonNode tree = json.valueToTree(response);
        List<ObjectNode> siteSpaces = new ArrayList<>();
        collect(tree, siteSpaces);
        Set<String> ids = new LinkedHashSet<>();
        siteSpaces.forEach(s -> ids.add(s.path("space").path("id").asText()));
        ids.remove("");
        Map<String, SpaceData> readable = Map.of();
        if (!ids.isEmpty()) {
            try {
                readable = content.readable(orgId, userId, new ArrayList<>(ids)).stream()
                        .collect(Collectors.toMap(SpaceData::id, Function.identity(), (a, b) -> a));
            } catch (ApiException e) {
                LOG.warnf("site spaces shown from stored spaces: %s", e.getMessage());
            }
        }
        JsonNode none = json.valueToTree(SpaceData.Permissions.NONE);
        for (ObjectNode s : siteSpaces) {
            if (!(s.get("space") instanceof ObjectNode space)) {
                continue;
            }
            SpaceData fresh = readable.get(space.path("id").asText());
            if (fresh != null) {
                s.set("space", json.valueToTree(fresh));
            } else {
                space.set("permissions", none);
            }
        }
        return tree;
    }

    private static void collect(JsonNode node, List<ObjectNode> out) {
        if (node instanceof ObjectNode o && "site-space".equals(o.path("object").asText()) && o.has("space")) {
            out.add(o);
        }
        node.forEach(child -> {
            if (child.isContainerNode()) {
                collect(child, out);
            }
        });
    }
}
