package io.bindery.commons.projection;

import io.bindery.contracts.identity.IdentityEventTypes;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.events.TopicConsumer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Feeds {@link MembershipProjection}, {@link UserDirectory} and {@link TeamProjection} from bindery.identity.events, in services that
 * set {@code bindery.projections.memberships.enabled=true}. At-least-once: offsets are committed after the
 * batch is applied, and the projections drop what they have already seen.
 * <p>
 * The consumer group is {@code <service>@<database>} unless configured: replicas of one service sharing a
 * database share the work, while two stacks on one broker (a developer's and the end-to-end one) each see
 * every event.
 */
@ApplicationScoped
public class IdentityEventsConsumer extends TopicConsumer {

    @Inject
    MembershipProjection projection;
    @Inject
    UserDirectory users;
    @Inject
    TeamProjection teams;
    @Inject
    ObjectMapper json;
    /** The service's own observers of what identity said (insights: who brought an organization's instructions). */
    @Inject
    jakarta.enterprise.event.Event<IdentityEvent> applied;
    boolean enabled;

    @Inject
    void configure(io.bindery.commons.config.BinderyServiceConfig config) {
        enabled = config.projections().memberships().enabled();
    }

    @Override
    protected String topic() {
        return IdentityEventTypes.TOPIC;
    }

    @Override
    protected boolean enabled() {
        return enabled;
    }

    /** The group name this consumer had before the other consumers: its committed offsets stay valid. */
    @Override
    protected String groupSuffix() {
        return "";
    }

    @Override
    protected void apply(JsonNode event) {
        IdentityEvent e = IdentityEvent.read(json, event); // the data read into its record once, for all three
        projection.apply(e);
        users.apply(e);
        teams.apply(e);
        applied.fire(e); // in the same transaction: an observer's write commits with the projections' or not at all
    }
}
