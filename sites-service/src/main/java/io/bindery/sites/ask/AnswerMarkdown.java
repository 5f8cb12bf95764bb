package io.bindery.sites.ask;

import io.bindery.contracts.content.SiteAskResponse;

import java.util.List;
import java.util.function.Function;

/**
 * A site's answer as markdown, as content's org ask writes it: the written answer followed by its numbered sources
 * (the numbers it cites), or, retrieval only, each passage quoted under its page and section title with a link.
 * {@code link} gives a passage's address (null: none, the title alone).
 */
public final class AnswerMarkdown {
    private AnswerMarkdown() {
    }

    public static String of(List<SiteAskResponse.Passage> passages, String written,
                            Function<SiteAskResponse.Passage, String> link) {
        StringBuilder md = new StringBuilder();
        if (written != null && !written.isBlank()) {
            md.append(written.strip()).append("\n\n**Sources**\n\n");
            for (int i = 0; i < passages.size(); i++) {
                SiteAskResponse.Passage p = passages.get(i);
                String to = link.apply(p);
                md.append(i + 1).append(". ").append(to == null ? escape(heading(p)) : "[" + escape(heading(p)) + "](" + to + ")")
                        .append('\n');
            }
            return md.toString();
        }
        for (SiteAskResponse.Passage p : passages) {
            String to = link.apply(p);
            md.append("**").append(escape(heading(p))).append("**").append(to == null ? "" : " ([source](" + to + "))")
                    .append("\n\n");
            String text = p.text() == null || p.text().isBlank() ? p.pageTitle() : p.text();
            for (String line : text.split("\n", -1)) {
                md.append(line.isBlank() ? ">" : "> " + line).append('\n');
            }
            md.append('\n');
        }
        return md.toString().stripTrailing() + "\n";
    }

    static String heading(SiteAskResponse.Passage p) {
        return p.sectionTitle() == null || p.sectionTitle().equals(p.pageTitle()) ? p.pageTitle()
                : p.pageTitle() + " \u203a " + p.sectionTitle();
    }

    private static String escape(String s) {
        return s.replace("*", "\\*").replace("[", "\\[").replace("]", "\\]");
    }
}
