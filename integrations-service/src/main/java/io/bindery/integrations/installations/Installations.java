package io.bindery.integrations.installations;

import io.bindery.integrations.targets.TargetKind;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.SortKey;
import io.bindery.commons.lists.Where;
import io.bindery.contracts.integrations.InstallationData;
import io.bindery.contracts.integrations.IntegrationsEventTypes;
import io.bindery.contracts.integrations.TargetInstallationData;
import io.bindery.integrations.access.IntegrationAccess;
import io.bindery.integrations.access.IntegrationPolicy;
import io.bindery.integrations.events.IntegrationEvents;
import io.bindery.integrations.integrations.IntegrationRef;
import io.bindery.integrations.integrations.Integrations;
import io.bindery.integrations.integrations.PublishIntegrationRequest;
import io.bindery.integrations.organizations.Organizations;
import io.bindery.integrations.sources.Sources;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Installations of an integration on organizations, and on their spaces and sites. Admins of the installing
 * organization install, update and uninstall (another organization's member: 404; a non-admin member: 403);
 * members of that organization and admins of the integration's owner read them. Each change records its
 * integration event (installation_setup, installation_deleted, space_…, site_…) for delivery and publishes its
 * CloudEvent.
 */
@ApplicationScoped
public class Installations {
    private static final Keyset<Installation> OLDEST_FIRST = Keyset.ascending(
            SortKey.instant("created_at", i -> i.createdAt), SortKey.text("id", i -> i.id));
    private static final Keyset<TargetInstallation> TARGETS_OLDEST_FIRST = Keyset.ascending(
            SortKey.instant("created_at", t -> t.createdAt), SortKey.text("id", t -> t.id));

    @Inject
    InstallationStore store;
    @Inject
    IntegrationAccess access;
    @Inject
    Organizations organizations;
    @Inject
    InstallationViews views;
    @Inject
    Sources sources;
    @Inject
    EventPublisher events;
    @Inject
    IntegrationEvents integrationEvents;
    @Inject
    Integrations integrations;

    private boolean ownerAdmin(IntegrationRef integration, String userId) {
        return access.anyone(integration.ownerId(), userId).allows(IntegrationPolicy.Action.ADMIN);
    }

    @Transactional
    public InstallationView install(String name, String userId, InstallationRequests.Install request) {
        IntegrationRef integration = integrations.visible(name, userId);
        organizations.get(request.organization());
        access.member(request.organization(), userId).require(IntegrationPolicy.Action.ADMIN);
        if (integration.visibility().equals("private") && !integration.ownerId().equals(request.organization())) {
            throw ApiException.badRequest("a private integration is installed in its own organization only");
        }
        if (store.installed(name, request.organization())) {
            throw ApiException.conflict("the integration " + name + " is installed in organization " + request.organization() + " already");
        }
        Instant now = now();
        Installation i = new Installation();
        i.id = Ids.newId();
        i.integrationName = name;
        i.organizationId = request.organization();
        i.status = "active";
        i.spaceSelection = request.spaceSelection();
        i.siteSelection = request.siteSelection();
        i.configuration = request.configuration() == null ? "{}" : request.configuration().toString();
        i.externalIds = views.write(request.externalIds());
        i.createdAt = now;
        i.updatedAt = now;
        store.insert(i);
        ObjectNode payload = JsonNodeFactory.instance.objectNode().put("status", i.status);
        integrationEvents.record(i.integrationName, i.id, i.organizationId, "installation_setup", payload);
        events.publish(IntegrationsEventTypes.INSTALLATION_CREATED, name, data(i));
        return views.view(i);
    }

    @Transactional
    public InstallationView get(String name, String installationId, String userId) {
        return views.view(readable(name, installationId, userId));
    }

    @Transactional
    public InstallationView update(String name, String installationId, String userId, InstallationRequests.Update request) {
        Installation i = administered(name, installationId, userId);
        ObjectNode previous = JsonNodeFactory.instance.objectNode().put("status", i.status);
        previous.set("configuration", views.read(i.configuration));
        request.spaceSelection().ifPresent(s -> i.spaceSelection = s);
        request.siteSelection().ifPresent(s -> i.siteSelection = s);
        request.configuration().ifPresent(c -> i.configuration = c.toString());
        request.externalIds().ifPresent(ids -> i.externalIds = views.write(ids));
        i.updatedAt = now();
        ObjectNode payload = JsonNodeFactory.instance.objectNode().put("status", i.status);
        payload.set("previous", previous);
        integrationEvents.record(i.integrationName, i.id, i.organizationId, "installation_setup", payload);
        events.publish(IntegrationsEventTypes.INSTALLATION_UPDATED, name, data(i));
        return views.view(i);
    }

    @Transactional
    public void uninstall(String name, String installationId, String userId) {
        Installation i = administered(name, installationId, userId);
        ObjectNode previous = JsonNodeFactory.instance.objectNode();
        previous.set("configuration", views.read(i.configuration));
        ObjectNode payload = JsonNodeFactory.instance.objectNode();
        payload.set("previous", previous);
        integrationEvents.record(i.integrationName, i.id, i.organizationId, "installation_deleted", payload);
        events.publish(IntegrationsEventTypes.INSTALLATION_DELETED, name, data(i));
        store.delete(i);
    }

    /**
     * Installations the caller can see, oldest first: every one for admins of the integration's owner, those of
     * the organizations where the caller is a member otherwise.
     */
    @Transactional
    public ListPage<InstallationView> list(String name, String userId, String externalId, String page, int limit) {
        IntegrationRef integration = integrations.visible(name, userId);
        Where where = Where.of("integration_name = :name", "name", name);
        if (!ownerAdmin(integration, userId)) {
            where = where.and("""
                    organization_id IN (SELECT m.organization_id FROM projected_membership m
                        WHERE m.user_id = :user AND m.active AND m.role IS NOT NULL)""", "user", userId);
        }
        if (externalId != null) {
            where = where.and("jsonb_exists(external_ids, :externalId)", "externalId", externalId);
        }
        return store.page(OLDEST_FIRST.page(page, limit), where).map(views::view);
    }

    // ---- spaces and sites

    @Transactional
    public InstallationView.OnTarget installTarget(TargetKind kind, String name, String installationId, String userId,
                                                   String targetId, boolean expand) {
        Installation i = administered(name, installationId, userId);
        IntegrationRef integration = integrations.byName(name);
        if (!kind.installableFor(integration.target())) {
            throw ApiException.badRequest("the integration " + name + " cannot be installed on a " + kind.wire
                    + " (its target is " + integration.target() + ")");
        }
        Sources.Source source = sources.find(kind, targetId).filter(s -> !s.deleted()
                && s.organizationId().equals(i.organizationId))
                .orElseThrow(() -> ApiException.notFound("no " + kind.wire + " " + targetId + " in organization " + i.organizationId));
        TargetInstallation t = findTarget(kind, i.id, source.id());
        if (t != null) {
            throw ApiException.conflict("the installation holds the " + kind.wire + " " + targetId + " already");
        }
        Instant now = now();
        t = new TargetInstallation();
        t.id = Ids.newId();
        t.installationId = i.id;
        t.kind = kind.wire;
        t.targetId = targetId;
        t.status = "active";
        t.configuration = "{}";
        t.externalIds = "[]";
        t.createdAt = now;
        t.updatedAt = now;
        store.insertTarget(t);
        ObjectNode payload = JsonNodeFactory.instance.objectNode().put(kind.wire + "Id", targetId).put("status", t.status);
        integrationEvents.record(i.integrationName, i.id, i.organizationId, kind.wire + "_installation_setup", payload);
        events.publish(kind.created, name, data(i, kind, t));
        return one(kind, t, i, expand, userId);
    }

    @Transactional
    public InstallationView.OnTarget getTarget(TargetKind kind, String name, String installationId, String targetId,
                                               String userId, boolean expand) {
        Installation i = readable(name, installationId, userId);
        return one(kind, requireTarget(kind, i, targetId), i, expand, userId);
    }

    @Transactional
    public InstallationView.OnTarget updateTarget(TargetKind kind, String name, String installationId, String targetId,
                                                  String userId, InstallationRequests.TargetUpdate request, boolean expand) {
        Installation i = administered(name, installationId, userId);
        TargetInstallation t = requireTarget(kind, i, targetId);
        ObjectNode previous = JsonNodeFactory.instance.objectNode().put("status", t.status);
        previous.set("configuration", views.read(t.configuration));
        request.configuration().ifPresent(c -> t.configuration = c.toString());
        request.externalIds().ifPresent(ids -> t.externalIds = views.write(ids));
        t.updatedAt = now();
        ObjectNode payload = JsonNodeFactory.instance.objectNode().put(kind.wire + "Id", targetId).put("status", t.status);
        payload.set("previous", previous);
        integrationEvents.record(i.integrationName, i.id, i.organizationId, kind.wire + "_installation_setup", payload);
        events.publish(kind.updated, name, data(i, kind, t));
        return one(kind, t, i, expand, userId);
    }

    @Transactional
    public void uninstallTarget(TargetKind kind, String name, String installationId, String targetId, String userId) {
        Installation i = administered(name, installationId, userId);
        TargetInstallation t = findTarget(kind, i.id, targetId);
        if (t == null) {
            return; // already gone: 204, as GitBook answers deletes
        }
        ObjectNode previous = JsonNodeFactory.instance.objectNode();
        previous.set("configuration", views.read(t.configuration));
        ObjectNode payload = JsonNodeFactory.instance.objectNode().put(kind.wire + "Id", targetId);
        payload.set("previous", previous);
        integrationEvents.record(i.integrationName, i.id, i.organizationId, kind.wire + "_installation_deleted", payload);
        events.publish(kind.deleted, name, data(i, kind, t));
        store.deleteTarget(t);
    }

    /** The spaces or sites one installation holds. */
    @Transactional
    public ListPage<InstallationView.OnTarget> listTargets(TargetKind kind, String name, String installationId,
                                                          String userId, String page, int limit, boolean expand) {
        Installation i = readable(name, installationId, userId);
        Where where = Where.of("installation_id = :i", "i", i.id).and("kind = :kind", "kind", kind.wire);
        ListPage<TargetInstallation> rows = store.targetsPage(TARGETS_OLDEST_FIRST.page(page, limit), where);
        return rows.render(list -> views.targets(kind, list, Map.of(i.id, i), expand, userId));
    }

    /** The spaces or sites of every installation of the integration that the caller can see. */
    @Transactional
    public ListPage<InstallationView.OnTarget> listIntegrationTargets(TargetKind kind, String name, String userId,
                                                                     String externalId, String page, int limit,
                                                                     boolean expand) {
        IntegrationRef integration = integrations.visible(name, userId);
        Where where = Where.of("kind = :kind", "kind", kind.wire).and("""
                installation_id IN (SELECT id FROM installation WHERE integration_name = :name)""", "name", name);
        if (!ownerAdmin(integration, userId)) {
            where = where.and("""
                    installation_id IN (SELECT i.id FROM installation i JOIN projected_membership m
                        ON m.organization_id = i.organization_id
                        WHERE m.user_id = :user AND m.active AND m.role IS NOT NULL)""", "user", userId);
        }
        if (externalId != null) {
            where = where.and("jsonb_exists(external_ids, :externalId)", "externalId", externalId);
        }
        ListPage<TargetInstallation> rows = store.targetsPage(TARGETS_OLDEST_FIRST.page(page, limit), where);
        return rows.render(list -> {
            Map<String, Installation> installations = new HashMap<>();
            for (TargetInstallation t : list) {
                installations.computeIfAbsent(t.installationId, store::find);
            }
            return views.targets(kind, list, installations, expand, userId);
        });
    }

    // ---- access

    /** An installation of the integration that the caller may read: 404 otherwise (nothing is told). */
    Installation readable(String name, String installationId, String userId) {
        IntegrationRef integration = integrations.visible(name, userId);
        Installation i = store.find(installationId);
        if (i == null || !i.integrationName.equals(name)
                || !(ownerAdmin(integration, userId)
                || access.anyone(i.organizationId, userId).allows(IntegrationPolicy.Action.VIEW))) {
            throw ApiException.notFound("no installation " + installationId + " of " + name);
        }
        return i;
    }

    /** An installation the caller administers: 404 outside its organization, 403 for a member not admin. */
    Installation administered(String name, String installationId, String userId) {
        integrations.visible(name, userId);
        Installation i = store.lock(installationId);
        if (i == null || !i.integrationName.equals(name)) {
            throw ApiException.notFound("no installation " + installationId + " of " + name);
        }
        IntegrationPolicy policy = access.anyone(i.organizationId, userId);
        if (!policy.allows(IntegrationPolicy.Action.VIEW)) {
            throw ApiException.notFound("no installation " + installationId + " of " + name);
        }
        policy.require(IntegrationPolicy.Action.ADMIN);
        return i;
    }

    private TargetInstallation findTarget(TargetKind kind, String installationId, String targetId) {
        return store.findTarget(installationId, kind.wire, targetId);
    }

    private TargetInstallation requireTarget(TargetKind kind, Installation i, String targetId) {
        TargetInstallation t = findTarget(kind, i.id, targetId);
        if (t == null) {
            throw ApiException.notFound("the installation does not hold the " + kind.wire + " " + targetId);
        }
        return t;
    }

    private InstallationView.OnTarget one(TargetKind kind, TargetInstallation t, Installation i, boolean expand, String userId) {
        return views.targets(kind, List.of(t), Map.of(i.id, i), expand, userId).get(0);
    }

    static InstallationData data(Installation i) {
        return new InstallationData(i.id, i.integrationName, i.organizationId, i.status, i.spaceSelection,
                i.siteSelection, i.createdAt, i.updatedAt);
    }

    static TargetInstallationData data(Installation i, TargetKind kind, TargetInstallation t) {
        return new TargetInstallationData(i.integrationName, i.id, i.organizationId,
                kind == TargetKind.SPACE ? t.targetId : null, kind == TargetKind.SITE ? t.targetId : null, t.status,
                t.updatedAt);
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MICROS);
    }

}
