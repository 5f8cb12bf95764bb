package io.bindery.document;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.commonmark.node.Heading;
import org.commonmark.node.Node;

/**
 * Splits a markdown page into sections at its headings, with plain text for search indexing.
 *
 * <p>Sections start at top-level headings of levels 1–3 (the levels GitBook has); deeper headings, and headings
 * inside lists or quotes, stay in the body as text.
 */
public final class MarkdownSections {

    /**
     * One section of a page.
     *
     * @param anchor GitHub-style anchor of the heading ("" for the text before the first heading)
     * @param title  the heading's plain text (null for the text before the first heading)
     * @param body   the section's plain text: no markdown syntax, code and link text kept, destinations dropped,
     *               blocks separated by newlines
     */
    public record Section(String anchor, String title, String body) {
    }

    private MarkdownSections() {
    }

    /**
     * The sections of a page; the text before the first heading is a section only if it is not blank.
     *
     * @throws IllegalArgumentException if {@code markdown} is null
     */
    public static List<Section> split(String markdown) {
        Node root = MarkdownParser.parse(markdown);
        List<Section> sections = new ArrayList<>();
        Anchors anchors = new Anchors();
        String anchor = "";
        String title = null;
        StringBuilder body = new StringBuilder();
        for (Node block = root.getFirstChild(); block != null; block = block.getNext()) {
            if (block instanceof Heading heading && heading.getLevel() <= 3) {
                if (title != null || !body.isEmpty()) {
                    sections.add(new Section(anchor, title, body.toString().strip()));
                    if (title == null) {
                        // The leading section's "" must not be handed out again to a heading.
                        anchors.unique("");
                    }
                }
                title = PlainText.singleLine(heading).strip();
                anchor = anchors.unique(anchor(title));
                body.setLength(0);
                continue;
            }
            String text = PlainText.of(block);
            if (!text.isBlank()) {
                if (!body.isEmpty()) {
                    body.append('\n');
                }
                body.append(text);
            }
        }
        if (title != null || !body.isEmpty()) {
            sections.add(new Section(anchor, title, body.toString().strip()));
        }
        return sections;
    }

    /**
     * All text of a page as plain text, blocks separated by newlines.
     *
     * @throws IllegalArgumentException if {@code markdown} is null
     */
    public static String plainText(String markdown) {
        return PlainText.of(MarkdownParser.parse(markdown)).strip();
    }

    /**
     * The anchor GitHub gives a heading: lowercase, each space a hyphen, letters, digits, marks, "-" and "_" kept,
     * everything else (punctuation, symbols, emoji) dropped.
     */
    static String anchor(String title) {
        String lower = title.toLowerCase(Locale.ROOT);
        StringBuilder anchor = new StringBuilder(lower.length());
        lower.codePoints().forEach(c -> {
            if (c == ' ') {
                anchor.append('-');
            } else if (c == '-' || c == '_' || Character.isLetterOrDigit(c) || isMark(c)) {
                anchor.appendCodePoint(c);
            }
        });
        return anchor.toString();
    }

    private static boolean isMark(int c) {
        int type = Character.getType(c);
        return type == Character.NON_SPACING_MARK || type == Character.COMBINING_SPACING_MARK
                || type == Character.ENCLOSING_MARK;
    }

    /** Hands out anchors once: a repeated one gets "-1", "-2", … (skipping any already taken). */
    private static final class Anchors {
        private final Set<String> taken = new HashSet<>();
        private final Map<String, Integer> nextSuffix = new HashMap<>();

        String unique(String base) {
            if (taken.add(base)) {
                return base;
            }
            int suffix = nextSuffix.getOrDefault(base, 1);
            while (!taken.add(base + "-" + suffix)) {
                suffix++;
            }
            nextSuffix.put(base, suffix + 1);
            return base + "-" + suffix;
        }
    }
}
