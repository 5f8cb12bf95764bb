package io.bindery.sites.ask;

import io.bindery.commons.errors.ApiException;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.Limits;
import io.bindery.contracts.content.SiteAskResponse;
import io.bindery.contracts.content.SpaceData;
import io.bindery.document.MarkdownDocuments;
import io.bindery.sites.client.ContentClient;
import io.bindery.sites.sitespace.SiteSpaceView;
import io.bindery.sites.sitespaces.SiteSpaces;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Ask in a site, for a member of its organization (the API): retrieval over the site's published (not draft) site
 * spaces in the scope asked for, of which only the spaces the caller may read in content; content finds the
 * passages (and writes the answer when it has a writer). Another organization's site, or one that does not exist,
 * is a 404, as for the site's other endpoints.
 */
@ApplicationScoped
public class SiteAsks {
    /** Passages in an answer, as content's org ask. */
    static final int PASSAGES = 5;

    @Inject
    SiteSpaces siteSpaces;
    @Inject
    ContentClient content;

    public SiteAskView ask(String organizationId, String userId, String siteId, SiteAskRequest request) {
        List<SiteSpaceView> all = siteSpaces(organizationId, userId, siteId);
        List<SiteSpaceView> scoped = scoped(all, request);
        Set<String> ids = new LinkedHashSet<>();
        scoped.forEach(s -> ids.add(s.space().id()));
        List<String> readable = ids.isEmpty() ? List.of()
                : content.readable(organizationId, userId, List.copyOf(ids)).stream().map(SpaceData::id).toList();
        SiteAskResponse found = readable.isEmpty() ? new SiteAskResponse(List.of(), null)
                : content.ask(readable, request.question(), PASSAGES);
        if (found.passages().isEmpty()) {
            return new SiteAskView("answer", new SiteAskView.Answer(Map.of(), List.of(), List.of()));
        }
        // a passage's link: its page on the published site, under its site space's address
        Map<String, String> published = new HashMap<>();
        scoped.forEach(s -> {
            if (s.urls() != null && s.urls().published() != null) {
                published.putIfAbsent(s.space().id(), s.urls().published());
            }
        });
        String markdown = AnswerMarkdown.of(found.passages(), found.written(), p -> {
            String base = published.get(p.space());
            if (base == null) {
                return null;
            }
            return (base.endsWith("/") ? base : base + "/") + p.path() + (p.anchor().isEmpty() ? "" : "#" + p.anchor());
        });
        Map<String, Object> answer = request.format().equals("markdown") ? Map.of("markdown", markdown)
                : Map.of("document", MarkdownDocuments.toDocument(markdown));
        List<SiteAskView.Source> sources = new ArrayList<>();
        for (SiteAskResponse.Passage p : found.passages()) {
            sources.add(new SiteAskView.Source("page", "Quoted: " + AnswerMarkdown.heading(p), p.page(), p.revision(),
                    p.space(), List.of(p.anchor())));
        }
        return new SiteAskView("answer", new SiteAskView.Answer(answer, sources, List.of()));
    }

    /** Every site space of the site, as the caller may list them (404 for another organization or no such site). */
    private List<SiteSpaceView> siteSpaces(String organizationId, String userId, String siteId) {
        List<SiteSpaceView> out = new ArrayList<>();
        String page = null;
        do {
            ListPage<SiteSpaceView> p = siteSpaces.list(organizationId, userId, siteId, null, page, Limits.MAX);
            out.addAll(p.items());
            page = p.next() == null ? null : p.next().page();
        } while (page != null);
        return out;
    }

    /** The published site spaces in the request's scope; a site space named that is not the site's is a 400. */
    static List<SiteSpaceView> scoped(List<SiteSpaceView> all, SiteAskRequest request) {
        List<SiteSpaceView> live = all.stream().filter(s -> !s.draft() && s.space() != null).toList();
        return switch (request.mode()) {
            case ALL -> live;
            case DEFAULT -> live.stream().filter(s -> s.isDefault() || s.id().equals(request.currentSiteSpace())).toList();
            case SPECIFIC -> {
                Set<String> known = new LinkedHashSet<>();
                all.forEach(s -> known.add(s.id()));
                for (String id : request.siteSpaceIds()) {
                    if (!known.contains(id)) {
                        throw ApiException.badRequest("scope.siteSpaceIds: no site space " + id + " in this site");
                    }
                }
                yield live.stream().filter(s -> request.siteSpaceIds().contains(s.id())).toList();
            }
        };
    }
}
