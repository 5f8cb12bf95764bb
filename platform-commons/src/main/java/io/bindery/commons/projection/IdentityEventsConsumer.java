package io.bindery.commons.projection;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.events.TopicConsumer;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

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
    private static final Logger LOG = Logger.getLogger(IdentityEventsConsumer.class);
    static final String TOPIC = "bindery.identity.events";

    @Inject
    MembershipProjection projection;
    @Inject
    UserDirectory users;
    @Inject
    TeamProjection teams;
    @ConfigProperty(name = "bindery.projections.memberships.enabled", defaultValue = "false")
    boolean enabled;

    @Override
    protected String topic() {
        return TOPIC;
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
        projection.apply(event);
        users.apply(event);
        teams.apply(event);
    }

    /**
     * One failing rolls back the other's writes too: give each its own transaction, so only the failing one
     * misses the event (its read-through still answers for it).
     */
    @Override
    protected void applyFailed(JsonNode event, long offset, Exception e) {
        LOG.warnf("identity event at offset %d failed, applying its projections one by one: %s", offset, e.getMessage());
        applyAlone("memberships", offset, () -> projection.apply(event));
        applyAlone("users", offset, () -> users.apply(event));
        applyAlone("teams", offset, () -> teams.apply(event));
    }

    private void applyAlone(String what, long offset, Runnable apply) {
        try {
            QuarkusTransaction.requiringNew().run(apply);
        } catch (Exception e) {
            LOG.warnf("skipped an identity event at offset %d for the %s projection: %s", offset, what, e.getMessage());
        }
    }
}
