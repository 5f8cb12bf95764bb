package io.bindery.content.ask;

import io.bindery.content.search.ContentSearch;
import io.bindery.document.MarkdownDocuments;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Ask without a language model: the answer is the best passages of the hybrid search across the spaces the
 * caller may read, each quoted with a link to its section, and the sources are their pages. Nothing is generated,
 * so there are no follow-up questions.
 */
@ApplicationScoped
public class Asks {
    /** Passages in an answer: enough to hold the answer when it is in one place, few enough to be read. */
    static final int PASSAGES = 5;

    @Inject
    ContentSearch search;

    public AskView ask(String organizationId, String callerId, AskRequest request) {
        List<ContentSearch.Passage> passages = search.passages(organizationId, callerId, request.query(), PASSAGES);
        if (passages.isEmpty()) {
            return new AskView(null);
        }
        String markdown = markdown(passages);
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

    /** Each passage under its page and section title, quoted, with a link to the section. */
    static String markdown(List<ContentSearch.Passage> passages) {
        StringBuilder md = new StringBuilder();
        for (ContentSearch.Passage p : passages) {
            String heading = p.sectionTitle().equals(p.pageTitle()) ? p.pageTitle() : p.pageTitle() + " › " + p.sectionTitle();
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
