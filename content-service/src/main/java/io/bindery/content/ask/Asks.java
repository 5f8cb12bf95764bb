package io.bindery.content.ask;

import io.bindery.commons.errors.ApiException;
import io.bindery.content.search.ContentSearch;
import io.bindery.contracts.content.SiteAskRequest;
import io.bindery.contracts.content.SiteAskResponse;
import io.bindery.document.MarkdownDocuments;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Ask without a language model: the answer is the best passages of the hybrid search across the spaces the
 * caller may read, each quoted with a link to its section, and the sources are their pages. When the operator
 * configured an answer writer ({@link AnswerWriter}), the answer is written from those passages and cites them, with
 * the list of its sources after it; otherwise (or when the writer fails) nothing is generated. There are no
 * follow-up questions either way.
 */
@ApplicationScoped
public class Asks {
    /** Passages in an answer: enough to hold the answer when it is in one place, few enough to be read. */
    static final int PASSAGES = 5;

    /** Most passages sites may ask for. */
    static final int MAX_SITE_PASSAGES = 10;

    @Inject
    ContentSearch search;
    @Inject
    AnswerWriter writer;

    public AskView ask(String organizationId, String callerId, AskRequest request) {
        List<ContentSearch.Passage> passages = search.passages(organizationId, callerId, request.query(), PASSAGES);
        if (passages.isEmpty()) {
            return new AskView(null);
        }
        Optional<String> written = writer.write(request.query(), passages.stream()
                .map(p -> new AnswerWriter.Source(heading(p.pageTitle(), p.sectionTitle()), p.text())).toList());
        String markdown = written.map(w -> written(w, passages)).orElseGet(() -> markdown(passages));
        Map<String, Object> answer = request.format().equals("markdown") ? Map.of("markdown", markdown)
                : Map.of("document", MarkdownDocuments.toDocument(markdown));
        List<AskView.Source> sources = new ArrayList<>();
        for (ContentSearch.Passage p : passages) {
            String reason = p.byWords() && p.byMeaning() ? "its words and its meaning match the question"
                    : p.byWords() ? "its words match the question" : "its meaning is near the question";
            sources.add(new AskView.Source("page", "Quoted: " + p.sectionTitle() + " (" + reason + ")", p.pageId(),
                    p.revisionId(), p.spaceId(), List.of(p.sectionId())));
        }
        return new AskView(new AskView.Answer(answer, sources, List.of()));
    }

    /**
     * For sites-service (a site's ask, the reader's {@code .md?ask=}): the best passages over the live revisions of
     * the given spaces, which sites has already decided the caller may read, and the answer written from them when
     * a writer is configured. The passages are found as the organization's ask finds them (the best section of each
     * of the best pages of the hybrid search, one list across the spaces) and quote as much of their section, not
     * the reader's search excerpt: a site's answer reads like the organization's.
     */
    public SiteAskResponse inSpaces(SiteAskRequest request) {
        if (request == null || request.spaces() == null) {
            throw ApiException.badRequest("a body {spaces, question, passages} is required");
        }
        int max = Math.max(1, Math.min(MAX_SITE_PASSAGES, request.passages()));
        List<SiteAskResponse.Passage> best = search.passagesInSpaces(request.spaces(), request.question(), max).stream()
                .map(p -> new SiteAskResponse.Passage(p.spaceId(), p.revisionId(), p.pageId(), p.pageTitle(), p.path(),
                        p.sectionId(), p.sectionTitle(), p.text(), p.score()))
                .toList();
        String written = writer.write(request.question(), best.stream()
                .map(p -> new AnswerWriter.Source(heading(p.pageTitle(), p.sectionTitle()), p.text())).toList()).orElse(null);
        return new SiteAskResponse(best, written);
    }

    /** The written answer, then its sources numbered as it cites them, each linked. */
    static String written(String answer, List<ContentSearch.Passage> passages) {
        StringBuilder md = new StringBuilder(answer.strip()).append("\n\n**Sources**\n\n");
        for (int i = 0; i < passages.size(); i++) {
            ContentSearch.Passage p = passages.get(i);
            md.append(i + 1).append(". [").append(escape(heading(p.pageTitle(), p.sectionTitle()))).append("](")
                    .append(p.url()).append(")\n");
        }
        return md.toString();
    }

    static String heading(String pageTitle, String sectionTitle) {
        return sectionTitle == null || sectionTitle.equals(pageTitle) ? pageTitle : pageTitle + " › " + sectionTitle;
    }

    /** Each passage under its page and section title, quoted, with a link to the section. */
    static String markdown(List<ContentSearch.Passage> passages) {
        StringBuilder md = new StringBuilder();
        for (ContentSearch.Passage p : passages) {
            String heading = heading(p.pageTitle(), p.sectionTitle());
            md.append("**").append(escape(heading)).append("** ([source](").append(p.url()).append("))\n\n");
            String text = p.text().isBlank() ? p.pageTitle() : p.text();
            for (String line : text.split("\n", -1)) {
                md.append(line.isBlank() ? ">" : "> " + line).append('\n');
            }
            md.append('\n');
        }
        return md.toString().stripTrailing() + "\n";
    }

    private static String escape(String s) {
        return s.replace("*", "\\*").replace("[", "\\[").replace("]", "\\]");
    }
}
