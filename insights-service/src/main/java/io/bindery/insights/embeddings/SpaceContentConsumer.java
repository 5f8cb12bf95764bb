package io.bindery.insights.embeddings;

import io.bindery.commons.events.TopicConsumer;
import io.bindery.contracts.content.ContentEventTypes;
import io.bindery.contracts.content.SpaceChanged;
import io.bindery.contracts.content.SpaceContentUpdated;
import io.bindery.contracts.content.SpacePurged;
import io.bindery.insights.config.InsightsConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Follows content's spaces for the section embeddings (bindery.content.events, keyed by space, so one space's events
 * arrive in order). It only records what is to be done, in the event's transaction; {@link EmbeddingWorker} reads
 * the pages and embeds them afterwards, out of any transaction. Applying an event again changes nothing:
 * <ul>
 *   <li>a space view event names the space's organization (a transfer moves its sections); a deleted space loses
 *       its sections, a restored one is embedded again;</li>
 *   <li>{@code bindery.space.content.updated.v1}: the live revision to embed;</li>
 *   <li>{@code bindery.space.purged.v1}: its sections are gone.</li>
 * </ul>
 */
@ApplicationScoped
public class SpaceContentConsumer extends TopicConsumer {
    @Inject
    InsightsConfig config;
    @Inject
    SectionEmbeddingStore store;
    @Inject
    SemanticIndex index;
    @Inject
    jakarta.transaction.TransactionSynchronizationRegistry transactions;

    @Override
    protected String topic() {
        return config.embeddings().contentTopic();
    }

    @Override
    protected boolean enabled() {
        return config.embeddings().enabled();
    }

    @Override
    protected void handlers() {
        on(ContentEventTypes.SPACE_VIEWS, SpaceChanged.class, event -> spaceSeen(event.data()));
        on(ContentEventTypes.SPACE_CONTENT_UPDATED, SpaceContentUpdated.class, event -> revisionMoved(event.data()));
        on(ContentEventTypes.SPACE_PURGED, SpacePurged.class, event -> purged(event.data()));
    }

    private void spaceSeen(SpaceChanged space) {
        if (space.id() == null || space.organization() == null) {
            throw new IllegalArgumentException("a space event without id or organization");
        }
        store.spaceSeen(space.id(), space.organization(), space.deletedAt() != null);
        if (space.deletedAt() != null) {
            leavesIndexOnCommit(space.id());
        }
    }

    private void revisionMoved(SpaceContentUpdated moved) {
        if (moved.space() == null || moved.revision() == null) {
            throw new IllegalArgumentException("a content update without space or revision");
        }
        store.revisionMoved(moved.space(), moved.revision());
    }

    private void purged(SpacePurged purged) {
        if (purged.id() == null) {
            throw new IllegalArgumentException("a purge without a space id");
        }
        store.purged(purged.id());
        leavesIndexOnCommit(purged.id());
    }

    /** Once the deletion is committed, this replica's index drops the space at once (the others at their sync). */
    private void leavesIndexOnCommit(String space) {
        transactions.registerInterposedSynchronization(new jakarta.transaction.Synchronization() {
            @Override
            public void beforeCompletion() {
            }

            @Override
            public void afterCompletion(int status) {
                if (status == jakarta.transaction.Status.STATUS_COMMITTED) {
                    index.forget(space);
                }
            }
        });
    }
}
