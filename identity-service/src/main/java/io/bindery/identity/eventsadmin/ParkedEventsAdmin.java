package io.bindery.identity.eventsadmin;

import io.bindery.identity.config.IdentityConfig;
import io.bindery.commons.auth.ServiceTokens;
import io.bindery.commons.client.InternalCall;
import io.bindery.commons.client.InternalClients;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.FailedEvents;
import io.bindery.commons.events.ParkedEventsApi;
import io.bindery.contracts.events.ParkedEvent;
import io.bindery.contracts.events.ParkedEventAction;
import io.bindery.contracts.events.ParkedEventOutcome;
import io.bindery.contracts.events.ParkedEventsResponse;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The instance admin's view of every service's parked and dead-lettered events: gathered from each service's
 * internal API (identity's own in process), and replay or discard passed on to the service that holds the event.
 * A service that does not answer is named in the answer instead of failing the whole list.
 */
@ApplicationScoped
public class ParkedEventsAdmin {
    private static final Logger LOG = Logger.getLogger(ParkedEventsAdmin.class);
    public static final String SELF = "identity";

    @Inject
    IdentityConfig config;
    @Inject
    ServiceTokens serviceTokens;
    @Inject
    FailedEvents local;

    private final Map<String, ParkedEventsApi> clients = new TreeMap<>();

    @PostConstruct
    void build() {
        config.admin().services().forEach((name, url) -> clients.put(name, InternalClients.build(ParkedEventsApi.class,
                name + "-service", url, Duration.ofSeconds(2), Duration.ofSeconds(30))));
    }

    /** What one service said: its list, or why it could not be read. */
    public record ServiceState(long parked, long dead, String error) {
    }

    public record Gathered(List<ParkedEvent> items, Map<String, ServiceState> services) {
    }

    /** Every service's kept events (oldest first), and each service's counts or its error. */
    public Gathered list(String onlyService, int limit) {
        List<ParkedEvent> items = new ArrayList<>();
        Map<String, ServiceState> services = new LinkedHashMap<>();
        for (String name : names(onlyService)) {
            try {
                ParkedEventsResponse r = name.equals(SELF) ? local.list(limit)
                        : InternalCall.with(serviceTokens, name + "-service", auth -> clients.get(name).list(auth, limit));
                r.items().forEach(e -> items.add(e.withService(name)));
                services.put(name, new ServiceState(r.parked(), r.dead(), null));
            } catch (RuntimeException e) {
                LOG.warnf("parked events of %s not read: %s", name, e.getMessage());
                services.put(name, new ServiceState(0, 0, "not read: " + e.getMessage()));
            }
        }
        items.sort(Comparator.comparing(ParkedEvent::parkedAt, Comparator.nullsLast(Comparator.naturalOrder())));
        return new Gathered(items.size() > limit ? items.subList(0, limit) : items, services);
    }

    /** Replays (one event, a topic's, or all) or discards one event, in one service or (replay only) every one. */
    public Map<String, ParkedEventOutcome> act(String onlyService, ParkedEventAction action) {
        Map<String, ParkedEventOutcome> outcomes = new LinkedHashMap<>();
        for (String name : names(onlyService)) {
            outcomes.put(name, name.equals(SELF) ? actLocally(action)
                    : InternalCall.with(serviceTokens, name + "-service", auth -> clients.get(name).act(auth, action)));
        }
        return outcomes;
    }

    private ParkedEventOutcome actLocally(ParkedEventAction a) {
        return "discard".equals(a.action()) ? local.discard(a.topic(), a.eventId(), a.actor())
                : local.replay(a.topic(), a.eventId(), a.actor());
    }

    private List<String> names(String onlyService) {
        if (onlyService == null) {
            List<String> all = new ArrayList<>(clients.keySet());
            all.add(0, SELF);
            return all;
        }
        String name = onlyService.replaceFirst("-service$", "");
        if (!name.equals(SELF) && !clients.containsKey(name)) {
            throw ApiException.badRequest("service must be one of " + SELF + ", " + String.join(", ", clients.keySet())
                    + ", not " + onlyService);
        }
        return List.of(name);
    }
}
