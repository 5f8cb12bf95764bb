package io.bindery.content.rest.dto;

import com.fasterxml.jackson.databind.JsonNode;

/** GitBook's UserContentPermission: a user's explicit role on a space or collection. */
public record UserPermissionView(String permission, JsonNode user) {
}
