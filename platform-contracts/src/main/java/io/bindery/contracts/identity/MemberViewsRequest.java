package io.bindery.contracts.identity;

import java.util.List;

/**
 * {@code POST /internal/orgs/{o}/member-views}: the users (at most 1000) whose Member objects are wanted; the
 * answer has the members among them, in this order, as {@code {"items": [Member, ...]}}.
 */
public record MemberViewsRequest(List<String> users) {
}
