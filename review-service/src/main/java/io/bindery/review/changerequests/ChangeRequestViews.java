package io.bindery.review.changerequests;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.projection.UserRef;
import io.bindery.commons.urls.PublicUrls;
import io.bindery.review.users.UserViews;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/** Builds ChangeRequest JSON for a page of change requests with one query for comments and one for users. */
@ApplicationScoped
public class ChangeRequestViews {
    @Inject
    ChangeRequestStore store;
    @Inject
    UserViews userViews;
    @Inject
    PublicUrls urls;
    @Inject
    ObjectMapper json;

    public ChangeRequestView view(ChangeRequest cr) {
        return views(List.of(cr)).get(0);
    }

    public List<ChangeRequestView> views(List<ChangeRequest> crs) {
        if (crs.isEmpty()) {
            return List.of();
        }
        List<String> ids = crs.stream().map(c -> c.id).toList();
        Map<String, Long> openComments = store.openComments(ids);
        Map<String, UserRef> authors = userViews.find(crs.stream().map(c -> c.createdBy).toList());
        return crs.stream().map(cr -> new ChangeRequestView("change-request", cr.id, cr.number, cr.status,
                // subject is required in GitBook's ChangeRequest: "" until one is given
                cr.subject == null ? "" : cr.subject,
                description(cr), userViews.view(authors, cr.createdBy), cr.createdAt, cr.updatedAt, cr.spaceId, cr.revision,
                cr.revisionInitial, cr.revisionMergedAncestor, cr.revisionMerged, openComments.getOrDefault(cr.id, 0L),
                cr.outdated, cr.conversationsIssuesCluster,
                new ChangeRequestView.Urls(urls.app("/o/" + cr.organizationId + "/s/" + cr.spaceId + "/~/changes/" + cr.number),
                        urls.api("/spaces/" + cr.spaceId + "/change-requests/" + cr.id)))).toList();
    }


    private JsonNode description(ChangeRequest cr) {
        if (cr.description == null) {
            return null;
        }
        try {
            // GitBook's JSONDocument always has data; a client may have sent the document without it
            JsonNode document = json.readTree(cr.description);
            if (document instanceof com.fasterxml.jackson.databind.node.ObjectNode o && !o.has("data")) {
                o.putObject("data");
            }
            return document;
        } catch (IOException e) {
            throw new IllegalStateException("stored description of " + cr.id + " is not JSON", e);
        }
    }
}
