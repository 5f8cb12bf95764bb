package io.bindery.commons.events;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.json.Timestamps;
import io.bindery.commons.tracing.EventTracing;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
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
        Map<String, String> trace = tracing.current();
        CloudEvent event = new CloudEvent("1.0", Ids.newId(), "/bindery/" + serviceName, type, subject,
                Timestamps.format(now), "application/json", mapper.valueToTree(data),
                trace.get(EventTracing.TRACEPARENT), trace.get(EventTracing.TRACESTATE));
        OutboxEvent row = new OutboxEvent();
        row.eventId = event.id();
        row.aggregateId = subject;
        row.type = type;
        row.createdAt = now;
        try {
            row.envelope = mapper.writeValueAsString(event);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("event " + type + " cannot be serialized", e);
        }
        row.persist();
        wakeRelayAfterCommit();
        return event;
    }
}
