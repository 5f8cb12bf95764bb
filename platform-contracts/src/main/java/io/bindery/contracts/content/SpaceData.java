package io.bindery.contracts.content;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.time.Instant;

/**
 * The whole public Space resource as content-service shows it, for a service that embeds spaces in its own
 * resources (sites' SiteSpace.space). Content sends it in {@link SpaceViewsResponse} with the user's
 * {@code permissions}, and in the data of its space events without them (see {@link SpaceChanged} for the part
 * most consumers read). {@code mergeRules} is content's JSON tree, kept as maps and lists (this module has
 * Jackson's annotations only). {@code urls.published} is set once the space is published in a site.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"object", "id", "title", "emoji", "visibility", "createdAt", "updatedAt", "deletedAt", "editMode",
        "mergeRules", "urls", "organization", "parent", "language", "revision", "defaultLevel", "comments",
        "changeRequests", "changeRequestsOpen", "changeRequestsDraft", "permissions"})
public record SpaceData(String object, String id, String title, String emoji, String visibility, Instant createdAt,
                        Instant updatedAt, Instant deletedAt, String editMode,
                        @JsonInclude(JsonInclude.Include.ALWAYS) Object mergeRules, Urls urls, String organization,
                        String parent, String language, String revision, String defaultLevel, int comments,
                        int changeRequests, int changeRequestsOpen, int changeRequestsDraft, Permissions permissions) {

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Urls(String location, String app, String published) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Permissions(boolean view, boolean access, boolean admin, boolean viewInviteLinks, boolean edit,
                              boolean triggerGitSync, boolean comment, boolean merge, boolean review,
                              boolean installIntegration) {
        /** What a visitor of a published site may do with a space it reads there: view it, nothing else. */
        public static final Permissions VISITOR = new Permissions(true, false, false, false, false, false, false, false,
                false, false);
        /** A member who cannot read the space (it still shows in a site they manage). */
        public static final Permissions NONE = new Permissions(false, false, false, false, false, false, false, false,
                false, false);
    }

    /** The same space with other permissions (null: none, as in event data). */
    public SpaceData withPermissions(Permissions p) {
        return new SpaceData(object, id, title, emoji, visibility, createdAt, updatedAt, deletedAt, editMode, mergeRules,
                urls, organization, parent, language, revision, defaultLevel, comments, changeRequests,
                changeRequestsOpen, changeRequestsDraft, p);
    }

    /** The same space at another live revision (content moves it without a space event when a merge lands). */
    public SpaceData withRevision(String r) {
        return new SpaceData(object, id, title, emoji, visibility, createdAt, updatedAt, deletedAt, editMode, mergeRules,
                urls, organization, parent, language, r, defaultLevel, comments, changeRequests, changeRequestsOpen,
                changeRequestsDraft, permissions);
    }

    public boolean deleted() {
        return deletedAt != null;
    }
}
