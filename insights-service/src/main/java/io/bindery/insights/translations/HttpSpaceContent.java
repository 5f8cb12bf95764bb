package io.bindery.insights.translations;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bindery.insights.client.PublicApiClients;
import io.bindery.insights.client.PublicViews;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;

/**
 * {@link SpaceContent} over content-service's and review-service's public API, with the user's token (REST Clients
 * of {@link PublicApiClients}). Their 4xx answers come back as the same status and message; a service that cannot
 * be reached, or fails, is a 503.
 */
@ApplicationScoped
public class HttpSpaceContent implements SpaceContent {
    @Inject
    PublicApiClients clients;
    @Inject
    ObjectMapper json;

    @Override
    public Space space(String spaceId, String token) {
        return space(clients.content(token, (api, auth) -> api.space(auth, spaceId)));
    }

    @Override
    public List<Page> pages(String spaceId, String changeRequest, String token) {
        PublicViews.Pages pages = clients.content(token, (api, auth) -> changeRequest == null
                ? api.pages(auth, spaceId, false) : api.changeRequestPages(auth, spaceId, changeRequest, false));
        List<Page> out = new ArrayList<>();
        flatten(pages.pages(), null, out);
        return out;
    }

    private static void flatten(List<PublicViews.Page> pages, String parentPath, List<Page> out) {
        if (pages == null) {
            return;
        }
        for (PublicViews.Page p : pages) {
            boolean document = p.type() == null || p.type().equals("document");
            if (document) {
                out.add(new Page(p.id(), text(p.title()), text(p.slug()), text(p.path()), parentPath));
            }
            // a group's or a link's children are under the nearest document above them
            flatten(p.pages(), document ? text(p.path()) : parentPath, out);
        }
    }

    @Override
    public String markdown(String spaceId, String pageId, String token) {
        PublicViews.Markdown page = clients.content(token, (api, auth) -> api.markdown(auth, spaceId, pageId,
                "markdown", false));
        return text(page.markdown());
    }

    @Override
    public Space createSpace(String organizationId, String title, String parent, String language, String token) {
        ObjectNode body = json.createObjectNode().put("title", title).put("language", language);
        if (parent != null) {
            body.put("parent", parent);
        }
        return space(clients.content(token, (api, auth) -> api.createSpace(auth, organizationId, body)));
    }

    @Override
    public String openChangeRequest(String spaceId, String subject, String token) {
        ObjectNode body = json.createObjectNode().put("subject", subject).put("status", "open");
        return clients.review(token, (api, auth) -> api.open(auth, spaceId, body)).id();
    }

    @Override
    public void write(String spaceId, String changeRequest, ArrayNode changes, String token) {
        ObjectNode body = json.createObjectNode();
        body.set("changes", changes);
        clients.content(token, (api, auth) -> api.write(auth, spaceId, changeRequest, body));
    }

    @Override
    public String merge(String spaceId, String changeRequest, String token) {
        return clients.review(token, (api, auth) -> api.merge(auth, spaceId, changeRequest, json.createObjectNode()))
                .revision();
    }

    private static Space space(PublicViews.Space s) {
        return new Space(s.id(), text(s.title()), s.organization(), s.parent(), s.revision());
    }

    private static String text(String s) {
        return s == null ? "" : s;
    }
}
