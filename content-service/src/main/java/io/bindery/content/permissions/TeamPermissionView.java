package io.bindery.content.permissions;

import com.fasterxml.jackson.databind.JsonNode;

/** GitBook's TeamContentPermission item: a team's role on a space or collection, with the Team object from identity. */
public record TeamPermissionView(String permission, JsonNode team) {
}
