package io.bindery.identity.rest.dto;

import java.util.List;

/** Body of PUT /orgs/{o}/teams: the title and, optionally, the user ids of the first members. */
public record TeamCreateRequest(String title, List<String> members) {
}
