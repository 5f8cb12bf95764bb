package io.bindery.contracts.content;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.util.List;

/**
 * A space's {@code mergeRules} as content stores and sends them ({@link SpaceAccessResponse.Space#mergeRules()},
 * {@link SpaceData#mergeRules()}): {@code type} inherit, none or rules; with rules, each {@code rule} and the
 * {@code users} it names. Content refuses anything but user ids there; they are read as JSON values all the same
 * (strings, and whatever rules stored before that check hold), so a consumer skips what is not a string instead of
 * failing on it. What a rule carries beyond that (a custom rule's expression) is left to whoever enforces it.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record SpaceMergeRules(String type, List<Rule> rules) {
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Rule(String rule, List<Object> users) {
    }
}
