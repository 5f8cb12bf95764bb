package io.bindery.commons.events;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.json.Timestamps;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

/**
 * Records an event in the outbox, inside the caller's transaction: the event exists exactly when the
 * change does. {@link OutboxRelay} publishes it later.
 */
@ApplicationScoped
public class EventPublisher {
    @Inject
    ObjectMapper mapper;
    String serviceName;

    /** From the one typed configuration of commons (a bad value stops the start-up, naming the key). */
    @Inject
    void configure(io.bindery.commons.config.BinderyServiceConfig config) {
        serviceName = config.service().name();
    }
    @Inject
    TransactionSynchronizationRegistry transactions;
    @Inject
    OutboxRelay relay;
    @Inject
    EventTracing tracing;
    @Inject
    OutboxStore outbox;

    /** One event of {@link #publishAll}: its subject (the aggregate id) and data. */
    public record Pending(String subject, Object data) {
    }

    private void wakeRelayAfterCommit() {
        if (transactions.getResource(OutboxRelay.class) == null) {
            transactions.putResource(OutboxRelay.class, Boolean.TRUE);
            transactions.registerInterposedSynchronization(new Synchronization() {
                @Override
                public void beforeCompletion() {
                }

                @Override
                public void afterCompletion(int status) {
                    if (status == Status.STATUS_COMMITTED) {
                        relay.wake();
                    }
                }
            });
        }
    }

    @Transactional(Transactional.TxType.MANDATORY)
    public CloudEvent publish(String type, String subject, Object data) {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        CloudEvent event = event(type, subject, data, now, tracing.current());
        OutboxEvent row = new OutboxEvent();
        row.eventId = event.id();
        row.aggregateId = subject;
        row.type = type;
        row.createdAt = now;
        row.envelope = envelope(event);
        outbox.insert(row);
        wakeRelayAfterCommit();
        return event;
    }

    /**
     * Records many events of one type, inside the caller's transaction: the rows {@link #publish} would write, after
     * those already written, but sent in JDBC batches of 500 ({@link OutboxStore#insertAll}). The outbox's identity
     * ids keep Hibernate from batching persists, so a change of 10,000 aggregates at once (insights' first recompute
     * moves every issue) took one round trip per event: 16 s.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public void publishAll(String type, List<Pending> events) {
        if (events.isEmpty()) {
            return;
        }
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        Map<String, String> trace = tracing.current();
        // Serialized as the batches go, not all first: 10,000 envelopes held at once were ~10 MB of heap at the peak.
        Iterable<OutboxStore.NewRow> rows = () -> events.stream().map(p -> {
            CloudEvent event = event(type, p.subject(), p.data(), now, trace);
            return new OutboxStore.NewRow(event.id(), p.subject(), envelope(event));
        }).iterator();
        outbox.insertAll(type, now, rows);
        wakeRelayAfterCommit();
    }

    private CloudEvent event(String type, String subject, Object data, Instant now, Map<String, String> trace) {
        return new CloudEvent("1.0", Ids.newId(), "/bindery/" + serviceName, type, subject,
                Timestamps.format(now), "application/json", mapper.valueToTree(data),
                trace.get(EventTracing.TRACEPARENT), trace.get(EventTracing.TRACESTATE));
    }

    private String envelope(CloudEvent event) {
        try {
            return mapper.writeValueAsString(event);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("event " + event.type() + " cannot be serialized", e);
        }
    }
}
