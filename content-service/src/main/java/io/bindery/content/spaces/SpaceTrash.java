package io.bindery.content.spaces;

import io.bindery.content.items.SpaceView;
import io.bindery.content.config.ContentConfig;
import io.bindery.content.access.ContentAccess;
import io.bindery.content.items.ContentViews;
import io.bindery.content.permissions.UserGrants;
import io.bindery.contracts.content.ContentEventTypes;
import io.bindery.contracts.content.SpacePurged;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.schedule.PeriodicJobs;
import io.bindery.content.access.ContentLookup.Loaded;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import io.bindery.content.revisions.Revisions;
import jakarta.transaction.Transactional;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * Deleted spaces: DELETE puts a space in the trash (deletedAt), restore takes it back within the retention
 * period (7 days unless configured), and a scheduled purge removes it with its content for good after that.
 */
@ApplicationScoped
public class SpaceTrash {
    private static final Logger LOG = Logger.getLogger(SpaceTrash.class);

    @Inject
    SpaceLookup spaceLookup;
    @Inject
    ContentAccess access;
    @Inject
    ContentViews views;
    @Inject
    EventPublisher events;
    @Inject
    SpaceStore store;
    @Inject
    Revisions revisions;
    @Inject
    UserGrants grants;
    Duration retention;
    private String purgeEvery;
    private String purgeDelay;

    @Inject
    void configure(ContentConfig config) {
        retention = config.content().deletedRetention();
        purgeEvery = config.content().purgeEvery();
        purgeDelay = config.content().purgeDelay();
    }

    void schedule(@Observes StartupEvent event, PeriodicJobs jobs) {
        // a purge delay of "off" starts the purge a period after the start
        jobs.every("space purge", purgeEvery, PeriodicJobs.period(purgeDelay).orElse(null), this::purgeExpired);
    }

    @Transactional
    public void delete(String id, String callerId) {
        // unknown, or not the caller's to see: the same 204, so a DELETE never reveals that an id exists
        Loaded<Space> l = spaceLookup.anySpaceForUpdate(id, callerId).orElse(null);
        if (l == null) {
            return;
        }
        Space s = l.item();
        l.requireAdmin();
        if (s.deleted()) {
            return;
        }
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        s.deletedAt = now;
        s.updatedAt = now;
        events.publish(ContentEventTypes.SPACE_DELETED, s.id, views.space(s.row(), null));
    }

    @Transactional
    public SpaceView restore(String id, String callerId) {
        Loaded<Space> l = spaceLookup.anySpaceForUpdate(id, callerId).orElseThrow(() -> ApiException.notFound("no space " + id));
        Space s = l.item();
        if (s.deleted() && !restorable(s)) {
            throw ApiException.notFound("no space " + id + " (deleted spaces can be restored for " + retention + ")");
        }
        l.requireAdmin();
        if (s.deleted()) {
            s.deletedAt = null;
            s.updatedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
            events.publish(ContentEventTypes.SPACE_RESTORED, s.id, views.space(s.row(), null));
        }
        return views.space(s.row(), access.requireRole(l.member(), s, "no space " + id));
    }

    boolean restorable(Space s) {
        return s.deletedAt.plus(retention).isAfter(Instant.now());
    }

    /** Removes, for good, the spaces deleted longer ago than the retention period; one transaction per space. */
    void purgeExpired() {
        List<String> expired = QuarkusTransaction.requiringNew().call(() -> store.deletedBefore(Instant.now().minus(retention)));
        for (String id : expired) {
            try {
                QuarkusTransaction.requiringNew().run(() -> purge(id));
            } catch (RuntimeException e) {
                LOG.warnf(e, "could not purge space %s; next run retries", id);
            }
        }
    }

    void purge(String id) {
        Space s = store.lock(id);
        if (s == null || !s.deleted() || restorable(s)) {
            return;
        }
        SpacePurged data = new SpacePurged(s.id, s.organizationId, s.deletedAt);
        grants.dropAll(List.of(id));
        revisions.deleteOfSpace(id);
        store.remove(s);
        events.publish(ContentEventTypes.SPACE_PURGED, id, data);
    }
}
