package io.bindery.integrations.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TopicEvents;
import io.bindery.contracts.content.ContentEventTypes;
import io.bindery.contracts.content.SpaceContentUpdated;
import io.bindery.contracts.content.SpaceData;
import io.bindery.contracts.review.ReviewEventTypes;
import io.bindery.contracts.sites.SiteData;
import io.bindery.contracts.sites.SitesEventTypes;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.persistence.EntityManager;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.awaitility.Awaitility.await;

/** The other services' events, put on their real topics as they publish them, for integrations' consumers. */
public final class Platform {
    private Platform() {
    }

    /** A space of {@code org} as content publishes it (readable in content by {@code readers}); once stored here. */
    public static SpaceData space(String kafka, ObjectMapper json, EntityManager em, String org, String title,
                                  Set<String> readers) throws Exception {
        String id = Ids.newId();
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        SpaceData space = new SpaceData("space", id, title, "", "private", now, now, null, "live", Map.of("type", "none"),
                new SpaceData.Urls("http://127.0.0.1/v1/spaces/" + id, "http://127.0.0.1/o/" + org + "/s/" + id, null),
                org, null, "en", Ids.newId(), "inherit", 0, 0, 0, 0, null);
        try (TopicEvents content = new TopicEvents(kafka, json, ContentEventTypes.TOPIC, "/bindery/content-service")) {
            content.send(id, content.event(Ids.newId(), ContentEventTypes.SPACE_CREATED, id, now, space));
        }
        ContentStandIn.space(space, readers);
        awaitStored(em, "space_source", id);
        return space;
    }

    /** A site of {@code org} as sites publishes it; once stored here. */
    public static SiteData site(String kafka, ObjectMapper json, EntityManager em, String org, String title) throws Exception {
        String id = Ids.newId();
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        SiteData site = new SiteData(id, org, "basic", title, "public", false, "docs-" + id.toLowerCase(), null, null,
                false, null, now, now);
        try (TopicEvents sites = new TopicEvents(kafka, json, SitesEventTypes.TOPIC, "/bindery/sites-service")) {
            sites.send(id, sites.event(Ids.newId(), SitesEventTypes.SITE_CREATED, id, now, site));
        }
        awaitStored(em, "site_source", id);
        return site;
    }

    /** The site published (bindery.site.published.v1). */
    public static void publishSite(String kafka, ObjectMapper json, SiteData site) throws Exception {
        SiteData published = new SiteData(site.id(), site.organization(), site.type(), site.title(), site.visibility(),
                true, site.basename(), site.hostname(), site.proxy(), site.adaptiveContent(), site.agentsContext(),
                site.createdAt(), Instant.now());
        try (TopicEvents sites = new TopicEvents(kafka, json, SitesEventTypes.TOPIC, "/bindery/sites-service")) {
            sites.send(site.id(), sites.event(Ids.newId(), SitesEventTypes.SITE_PUBLISHED, site.id(), Instant.now(), published));
        }
    }

    /** A change request of the space merged, as review publishes it (its ChangeRequest view), then content's update. */
    public static String mergeChangeRequest(String kafka, ObjectMapper json, String spaceId, String... updatedBy) throws Exception {
        String cr = Ids.newId();
        String revision = Ids.newId();
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("object", "change-request");
        view.put("id", cr);
        view.put("number", 1);
        view.put("status", "merged");
        view.put("subject", "Fix typos");
        view.put("space", spaceId);
        view.put("revision", revision);
        view.put("revisionInitial", Ids.newId());
        view.put("revisionMerged", revision);
        view.put("comments", 0);
        view.put("outdated", false);
        try (TopicEvents review = new TopicEvents(kafka, json, ReviewEventTypes.TOPIC, "/bindery/review-service");
             TopicEvents content = new TopicEvents(kafka, json, ContentEventTypes.TOPIC, "/bindery/content-service")) {
            review.send(cr, review.event(Ids.newId(), ReviewEventTypes.CHANGE_REQUEST_MERGED, cr, Instant.now(), view));
            content.send(spaceId, content.event(Ids.newId(), ContentEventTypes.SPACE_CONTENT_UPDATED, spaceId, Instant.now(),
                    new SpaceContentUpdated(spaceId, revision, null, cr, List.of(updatedBy))));
        }
        return cr;
    }

    private static void awaitStored(EntityManager em, String table, String id) {
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100)).until(() ->
                QuarkusTransaction.requiringNew().call(() -> ((Number) em.createNativeQuery(
                        "SELECT count(*) FROM " + table + " WHERE id = :id").setParameter("id", id).getSingleResult()).intValue() == 1));
    }
}
