package io.bindery.integrations.installations;

import io.bindery.integrations.targets.TargetKind;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bindery.commons.urls.PublicUrls;
import io.bindery.contracts.content.SpaceData;
import io.bindery.contracts.sites.SiteData;
import io.bindery.integrations.access.IntegrationAccess;
import io.bindery.integrations.access.IntegrationPolicy;
import io.bindery.integrations.sources.ContentClient;
import io.bindery.integrations.sources.Sources;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Installation rows as GitBook's objects. With expand, a space installation embeds the whole Space as content
 * shows it to the caller (content's space-views); a space the caller cannot read there is the stored one
 * (content's events) with no permissions. A site installation embeds the Site from sites' events (SiteData).
 */
@ApplicationScoped
public class InstallationViews {
    private static final TypeReference<List<String>> STRINGS = new TypeReference<>() {
    };

    @Inject
    ObjectMapper json;
    @Inject
    PublicUrls urls;
    @Inject
    Sources sources;
    @Inject
    ContentClient content;
    @Inject
    IntegrationAccess access;
    @Inject
    InstallationStore store;

    public InstallationView view(Installation i) {
        long spaces = i.spaceSelection.equals("all") ? sources.count(TargetKind.SPACE, i.organizationId)
                : store.countTargets(i.id, TargetKind.SPACE.wire);
        String location = urls.api("/v1/integrations/" + i.integrationName + "/installations/" + i.id);
        return new InstallationView(i.id, i.status, i.spaceSelection, i.siteSelection, spaces, read(i.configuration),
                i.createdAt, i.updatedAt, new InstallationView.Urls(location,
                urls.app("/o/" + i.organizationId + "/integrations/" + i.integrationName), location + "/endpoint",
                location + "/endpoint"),
                strings(i.externalIds), new InstallationView.Target(i.organizationId));
    }

    /** Target installations (all of one kind), each of its installation; expanded for {@code userId} when asked. */
    public List<InstallationView.OnTarget> targets(TargetKind kind, List<TargetInstallation> rows,
                                                   Map<String, Installation> installations, boolean expand,
                                                   String userId) {
        Map<String, Object> objects = expand ? objects(kind, rows, installations, userId) : Map.of();
        List<InstallationView.OnTarget> out = new ArrayList<>(rows.size());
        for (TargetInstallation t : rows) {
            Installation i = installations.get(t.installationId);
            String location = urls.api("/v1/integrations/" + i.integrationName + "/installations/" + i.id + "/"
                    + kind.plural + "/" + t.targetId);
            Object target = expand ? objects.getOrDefault(t.targetId, t.targetId) : t.targetId;
            out.add(new InstallationView.OnTarget(i.integrationName, i.id, t.status, read(t.configuration),
                    strings(t.externalIds), new InstallationView.TargetUrls(location, location + "/endpoint", location + "/endpoint"),
                    kind == TargetKind.SPACE ? target : null, kind == TargetKind.SITE ? target : null));
        }
        return out;
    }

    private Map<String, Object> objects(TargetKind kind, List<TargetInstallation> rows,
                                        Map<String, Installation> installations, String userId) {
        List<String> ids = rows.stream().map(t -> t.targetId).distinct().toList();
        Map<String, Sources.Source> stored = sources.find(kind, ids);
        Map<String, Object> out = new HashMap<>();
        if (kind == TargetKind.SPACE) {
            // by organization, the caller's view where it is a member (one call per organization)
            Map<String, List<String>> byOrg = new LinkedHashMap<>();
            for (TargetInstallation t : rows) {
                byOrg.computeIfAbsent(installations.get(t.installationId).organizationId, o -> new ArrayList<>()).add(t.targetId);
            }
            byOrg.forEach((org, spaceIds) -> {
                if (access.anyone(org, userId).allows(IntegrationPolicy.Action.VIEW)) {
                    for (SpaceData s : content.readable(org, userId, spaceIds.stream().distinct().toList())) {
                        out.put(s.id(), s);
                    }
                }
            });
            stored.forEach((id, s) -> {
                if (!out.containsKey(id)) {
                    out.put(id, as(s.data(), SpaceData.class).withPermissions(SpaceData.Permissions.NONE));
                }
            });
        } else {
            stored.forEach((id, s) -> out.put(id, site(s.data())));
        }
        return out;
    }

    /**
     * The Site of sites' events (SiteData) with its object name and API location: the stored fields as sites wrote
     * them (the tree), its place read through the contract's record.
     */
    private ObjectNode site(String data) {
        SiteData site = as(data, SiteData.class);
        String at = Objects.toString(site.organization(), "") + "/sites/" + Objects.toString(site.id(), "");
        ObjectNode out = json.createObjectNode().put("object", "site");
        out.setAll((ObjectNode) read(data));
        ObjectNode links = out.putObject("urls");
        links.put("location", urls.api("/v1/orgs/" + at));
        links.put("app", urls.app("/o/" + at));
        return out;
    }

    JsonNode read(String text) {
        try {
            return json.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored JSON does not parse", e);
        }
    }

    private <T> T as(String text, Class<T> type) {
        try {
            return json.readValue(text, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored JSON does not parse", e);
        }
    }

    List<String> strings(String text) {
        return json.convertValue(read(text), STRINGS);
    }

    String write(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
