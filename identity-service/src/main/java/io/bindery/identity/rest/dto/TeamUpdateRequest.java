package io.bindery.identity.rest.dto;

/** Body of PATCH /orgs/{o}/teams/{t}. */
public record TeamUpdateRequest(String title) {
}
