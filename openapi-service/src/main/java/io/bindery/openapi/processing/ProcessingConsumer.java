package io.bindery.openapi.processing;

import io.bindery.commons.events.Delivery;
import io.bindery.commons.events.TopicConsumer;
import io.bindery.contracts.openapi.OpenApiEventTypes;
import io.bindery.contracts.openapi.OpenApiSpecData;
import io.bindery.openapi.config.OpenApiConfig;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;

/**
 * The processing worker: reads openapi-service's own topic and processes each upload or processing request
 * ({@code data.request}). Other types on the topic are skipped. Processing runs outside the consumer's transaction
 * (Processor opens its own), and is idempotent: a request already completed or superseded is skipped, so an event
 * read twice processes once. The consumer group is shared by the service's replicas, so each request is processed
 * by one of them.
 */
@ApplicationScoped
public class ProcessingConsumer extends TopicConsumer {
    @Inject
    Processor processor;
    @Inject
    OpenApiConfig config;

    @Override
    protected String topic() {
        return OpenApiEventTypes.TOPIC;
    }

    @Override
    protected boolean enabled() {
        return config.processing().enabled();
    }

    /** Processing a specification takes seconds: it must not hold back the service's projections. */
    @Override
    protected boolean ownReader() {
        return true;
    }

    @Override
    protected String groupSuffix() {
        return "-processing";
    }

    @Override
    protected void handlers() {
        on(List.of(OpenApiEventTypes.SPEC_UPLOADED, OpenApiEventTypes.SPEC_PROCESSING_REQUESTED),
                OpenApiSpecData.class, this::process);
    }

    private void process(Delivery<OpenApiSpecData> event) {
        OpenApiSpecData data = event.data();
        if (data.request() == null) {
            return;
        }
        // the fetch must not hold the consumer's transaction (and a database connection) open
        QuarkusTransaction.suspendingExisting().run(() -> processor.process(data.id(), data.request()));
    }
}
