package io.bindery.review.events;

import io.bindery.commons.events.TopicConsumer;
import io.bindery.contracts.content.ChangeRequestContentUpdated;
import io.bindery.contracts.content.ContentEventTypes;
import io.bindery.contracts.content.SpaceContentUpdated;
import io.bindery.review.changerequests.ChangeRequests;
import io.bindery.review.config.ReviewConfig;
import io.bindery.review.spacestate.MainLine;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * Keeps change requests current with content-service (bindery.content.events, keyed by space, so a space's
 * events arrive in order):
 * <ul>
 *   <li>{@code bindery.space.content.updated.v1}: main moved; every unmerged change request of the space is
 *       outdated unless it was last updated from (or started at) the new main revision;</li>
 *   <li>{@code bindery.change-request.content.updated.v1}: a branch got a new head; its author contributed.</li>
 * </ul>
 * Both are idempotent: replaying an event sets the same values, and a contributor is counted once per new head.
 * Both write with targeted UPDATEs (only their columns, evaluated on the row as committed), never by loading and
 * saving a change request, so they lose nothing a request wrote meanwhile; a merged change request is left alone.
 */
@ApplicationScoped
public class ContentEventsConsumer extends TopicConsumer {

    @Inject
    ChangeRequests changeRequests;
    @Inject
    MainLine mainLine;
    @Inject
    ReviewConfig config;

    @Override
    protected String topic() {
        return ContentEventTypes.TOPIC;
    }

    @Override
    protected boolean enabled() {
        return config.consumers().contentEvents().enabled();
    }

    @Override
    protected void handlers() {
        on(ContentEventTypes.SPACE_CONTENT_UPDATED, SpaceContentUpdated.class,
                event -> mainMoved(event.data().space(), event.data().revision()));
        on(ContentEventTypes.CHANGE_REQUEST_CONTENT_UPDATED, ChangeRequestContentUpdated.class,
                event -> branchWritten(event.data()));
    }

    void mainMoved(String spaceId, String revision) {
        if (blank(spaceId) || blank(revision)) {
            return;
        }
        // a change request being recorded in the space waits for this move to be handled, or this for it
        mainLine.lock(spaceId);
        // change_request rows before space_review_state, the order every review transaction locks them in
        changeRequests.mainMoved(spaceId, revision);
        mainLine.moved(spaceId, revision);
    }

    void branchWritten(ChangeRequestContentUpdated data) {
        String changeRequest = data.changeRequest();
        String revision = data.revision();
        if (blank(changeRequest) || blank(revision)) {
            return;
        }
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        boolean updated = changeRequests.headMoved(changeRequest, revision, now);
        String author = data.author();
        if (updated && !blank(author)) {
            // counted once per new head: a redelivered event finds the head already set and adds nothing
            changeRequests.contributed(changeRequest, author, now);
        }
    }

    /** Missing or empty: such an event names nothing to apply. */
    private static boolean blank(String s) {
        return s == null || s.isEmpty();
    }
}
