package io.bindery.identity.teams;

/** Body of PATCH /orgs/{o}/teams/{t}; its rule is applied by the service after the access check. */
public record TeamUpdateRequest(String title) {

    /** The title, trimmed, by the rule of {@link TeamCreateRequest#validTitle}. */
    public String validTitle() {
        return TeamCreateRequest.validTitle(title);
    }
}
