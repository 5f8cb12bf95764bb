package io.bindery.insights.instructions;

import java.time.Instant;
import java.util.Map;

/** GitBook's OrganizationAgentInstructions. */
public record AgentInstructionsView(String object, Map<String, Object> instructions, Instant updatedAt,
                                    String updatedBy, Urls urls) {
    public record Urls(String location) {
    }
}
