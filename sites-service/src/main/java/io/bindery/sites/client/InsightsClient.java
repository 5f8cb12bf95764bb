package io.bindery.sites.client;

import io.bindery.commons.auth.ServiceTokens;
import io.bindery.commons.client.InternalCall;
import io.bindery.commons.client.InternalClients;
import io.bindery.contracts.insights.AgentInstructionsMarkdown;
import io.bindery.sites.config.SitesConfig;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads an organization's agent instructions from insights-service's internal API with sites' service token. Every
 * page served to an agent ends with them, so they are kept {@link #KEEP_NANOS} per organization (an edit shows within
 * that); when insights cannot answer, pages go out without them (kept {@link #KEEP_FAILURE_NANOS}, so a down insights
 * is not asked on every page) rather than failing: they add to the page, they are not the page. The read itself
 * has the internal reads' policy ({@code InternalCall.read}): retried when insights could not be reached, and a circuit breaker so that
 * a down insights is not waited for on every organization's pages.
 */
@ApplicationScoped
public class InsightsClient {
    public static final String SERVICE = "insights-service";
    static final long KEEP_NANOS = 30_000_000_000L;
    static final long KEEP_FAILURE_NANOS = 5_000_000_000L;
    private static final int MAX_ENTRIES = 10_000;
    private static final Logger LOG = Logger.getLogger(InsightsClient.class);

    @Inject
    SitesConfig config;
    @Inject
    ServiceTokens serviceTokens;

    InsightsApi api;

    private record Kept(long until, String markdown) {
    }

    private final Map<String, Kept> kept = new ConcurrentHashMap<>();

    @PostConstruct
    void build() {
        api = InternalClients.build(InsightsApi.class, SERVICE, config.insightsUrl(), config.internalCallConnectTimeout(),
                config.internalCallTimeout());
    }

    /** The organization's agent instructions as markdown, stripped; empty when none are set (or insights is down). */
    public String agentInstructions(String organizationId) {
        long now = System.nanoTime();
        Kept k = kept.get(organizationId);
        if (k != null && now - k.until() < 0) {
            return k.markdown();
        }
        String markdown;
        long keep = KEEP_NANOS;
        try {
            AgentInstructionsMarkdown answer = read(organizationId);
            markdown = answer == null || answer.markdown() == null ? "" : answer.markdown().strip();
        } catch (RuntimeException e) {
            LOG.warnf("agent instructions of organization %s not read from insights (%s): pages for agents go out without them",
                    organizationId, e.getMessage());
            markdown = k == null ? "" : k.markdown();
            keep = KEEP_FAILURE_NANOS;
        }
        if (kept.size() >= MAX_ENTRIES) {
            kept.clear();
        }
        kept.put(organizationId, new Kept(now + keep, markdown));
        return markdown;
    }

    /** The organization's agent instructions when they were read within {@link #KEEP_NANOS}, else null (no call made). */
    public String keptAgentInstructions(String organizationId) {
        Kept k = kept.get(organizationId);
        return k != null && System.nanoTime() - k.until() < 0 ? k.markdown() : null;
    }

    AgentInstructionsMarkdown read(String organizationId) {
        return InternalCall.read(InsightsClient.class, "read", serviceTokens, SERVICE,
                credential -> api.agentInstructions(credential, organizationId));
    }
}
