package io.bindery.document;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The inline content of a paragraph, heading or table cell (text runs with marks, links, inline images), and its
 * normal form: the form markdown can express. {@link DocumentBuilder} normalizes what it parsed and
 * {@link InlineWriter} normalizes what it is given, so writing a document and reading it back gives the same
 * content.
 */
final class InlineContent {

    sealed interface Inline permits Run, LinkItem, ImageItem {
    }

    /** Text with the same marks throughout. */
    record Run(String text, Set<TextMark> marks) implements Inline {
    }

    record LinkItem(String destination, List<Inline> children) implements Inline {
    }

    /** An inline image; {@code caption} (GitBook's) is the markdown image title, null if none. */
    record ImageItem(String destination, String alt, String caption) implements Inline {
    }

    /** Marks written with delimiters around text (code is written as a code span instead). */
    private static final Set<TextMark> DELIMITED = EnumSet.of(TextMark.BOLD, TextMark.ITALIC, TextMark.STRIKETHROUGH);

    private InlineContent() {
    }

    /**
     * The normal form of a block's inline content:
     * <ul>
     *   <li>empty runs dropped and neighbouring runs with equal marks merged;</li>
     *   <li>line breaks never code (a code span cannot hold one);</li>
     *   <li>spaces and tabs at the start and end of the block and around line breaks dropped, as markdown drops
     *       them (code excepted);</li>
     *   <li>whitespace at the edge of a bold, italic or strikethrough span moved out of it: {@code ** a**} is not
     *       bold in markdown, a delimiter must touch non-space text;</li>
     *   <li>image descriptions and captions on one line, captions trimmed (a blank one is none).</li>
     * </ul>
     */
    static List<Inline> normalize(List<Inline> items) {
        return normalize(items, true, EnumSet.noneOf(TextMark.class));
    }

    private static List<Inline> normalize(List<Inline> items, boolean blockEdges, Set<TextMark> inherited) {
        List<Inline> result = new ArrayList<>(items.size());
        for (Inline item : items) {
            switch (item) {
                case Run run -> splitCodeLineBreaks(run, result);
                case LinkItem link -> {
                    // The marks all of the link's text shares are opened around the link, not inside it.
                    List<Inline> children = trimmed(splitCodeLineBreaks(link.children()), false);
                    Set<TextMark> open = union(inherited, linkMarks(children));
                    result.add(new LinkItem(link.destination(), normalize(children, false, open)));
                }
                case ImageItem image -> result.add(normalized(image));
            }
        }
        result = trimmed(result, blockEdges);
        if (!hasDelimitedMarks(result)) {
            return result;
        }
        // Demoting can change a neighbouring image's span and so expose another edge: repeat until stable.
        List<Inline> previous;
        do {
            previous = result;
            result = merge(demoteEdgeWhitespace(result, inherited));
        } while (!result.equals(previous));
        return result;
    }

    /** Whether any text (links included) is bold, italic or struck through. */
    static boolean hasDelimitedMarks(List<Inline> items) {
        for (Inline item : items) {
            if (item instanceof Run run && (run.marks().contains(TextMark.BOLD) || run.marks().contains(TextMark.ITALIC)
                    || run.marks().contains(TextMark.STRIKETHROUGH))) {
                return true;
            }
            if (item instanceof LinkItem link && hasDelimitedMarks(link.children())) {
                return true;
            }
        }
        return false;
    }

    private static List<Inline> trimmed(List<Inline> items, boolean blockEdges) {
        return merge(trimLineEdges(merge(items), blockEdges));
    }

    private static List<Inline> splitCodeLineBreaks(List<Inline> items) {
        List<Inline> result = new ArrayList<>(items.size());
        for (Inline item : items) {
            switch (item) {
                case Run run -> splitCodeLineBreaks(run, result);
                case ImageItem image -> result.add(normalized(image));
                case LinkItem link -> result.add(link);
            }
        }
        return result;
    }

    /**
     * Image descriptions and titles are single lines in markdown; titles (GitBook captions) are trimmed like the
     * caption paragraphs of block images, and a blank one is none.
     */
    private static ImageItem normalized(ImageItem image) {
        String caption = image.caption() == null ? "" : singleLine(image.caption());
        return new ImageItem(image.destination(), lineBreaksAsSpaces(image.alt()), caption.isEmpty() ? null : caption);
    }

    /** Whether normalized content is nothing but images (and whitespace between them): an images block. */
    static boolean isImagesOnly(List<Inline> items) {
        boolean hasImage = false;
        for (Inline item : items) {
            if (item instanceof ImageItem) {
                hasImage = true;
            } else if (!(item instanceof Run run) || !run.text().isBlank()) {
                return false;
            }
        }
        return hasImage;
    }

    private static String lineBreaksAsSpaces(String text) {
        return text.replace("\r\n", " ").replace('\r', ' ').replace('\n', ' ');
    }

    private static void splitCodeLineBreaks(Run run, List<Inline> out) {
        if (!run.marks().contains(TextMark.CODE) || run.text().indexOf('\n') < 0) {
            out.add(run);
            return;
        }
        String[] parts = run.text().split("\n", -1);
        for (int i = 0; i < parts.length; i++) {
            if (i > 0) {
                out.add(new Run("\n", EnumSet.noneOf(TextMark.class)));
            }
            out.add(new Run(parts[i], run.marks()));
        }
    }

    private static List<Inline> merge(List<Inline> items) {
        List<Inline> result = new ArrayList<>(items.size());
        for (Inline item : items) {
            if (item instanceof Run run) {
                if (run.text().isEmpty()) {
                    continue;
                }
                if (!result.isEmpty() && result.getLast() instanceof Run last && last.marks().equals(run.marks())) {
                    result.set(result.size() - 1, new Run(last.text() + run.text(), last.marks()));
                    continue;
                }
            }
            result.add(item);
        }
        return result;
    }

    /** {@code blockEdges} is false inside link text, whose edges keep their spaces. */
    private static List<Inline> trimLineEdges(List<Inline> items, boolean blockEdges) {
        List<Inline> result = new ArrayList<>(items.size());
        boolean lineStart = blockEdges;
        for (Inline item : items) {
            if (!(item instanceof Run run) || run.marks().contains(TextMark.CODE)) {
                result.add(item);
                lineStart = false;
                continue;
            }
            if (!lineStart && run.text().indexOf('\n') < 0) {
                result.add(run);
                continue;
            }
            StringBuilder text = new StringBuilder(run.text().length());
            for (int i = 0; i < run.text().length(); i++) {
                char c = run.text().charAt(i);
                if (c == '\n') {
                    stripTrailingSpaces(text);
                    if (text.isEmpty()) {
                        stripTrailingSpaces(result);
                    }
                    text.append(c);
                    lineStart = true;
                } else if (!(lineStart && isSpaceOrTab(c))) {
                    text.append(c);
                    lineStart = false;
                }
            }
            result.add(new Run(text.toString(), run.marks()));
        }
        if (blockEdges) {
            stripTrailingSpaces(result);
        }
        return result;
    }

    /** Strips trailing spaces from the runs at the end of {@code items}, up to the first code or non-space text. */
    private static void stripTrailingSpaces(List<Inline> items) {
        for (int i = items.size() - 1; i >= 0; i--) {
            if (!(items.get(i) instanceof Run run) || run.marks().contains(TextMark.CODE)) {
                return;
            }
            StringBuilder text = new StringBuilder(run.text());
            stripTrailingSpaces(text);
            items.set(i, new Run(text.toString(), run.marks()));
            if (!text.isEmpty()) {
                return;
            }
        }
    }

    private static boolean isSpaceOrTab(char c) {
        return c == ' ' || c == '\t';
    }

    private static void stripTrailingSpaces(StringBuilder text) {
        int end = text.length();
        while (end > 0 && isSpaceOrTab(text.charAt(end - 1))) {
            end--;
        }
        text.setLength(end);
    }

    private static List<Inline> demoteEdgeWhitespace(List<Inline> items, Set<TextMark> inherited) {
        List<Set<TextMark>> spans = spanMarks(items, inherited);
        List<Inline> result = new ArrayList<>(items.size() + 4);
        for (int i = 0; i < items.size(); i++) {
            if (!(items.get(i) instanceof Run run) || run.marks().contains(TextMark.CODE)) {
                result.add(items.get(i));
                continue;
            }
            Set<TextMark> opening = difference(spans.get(i), i > 0 ? spans.get(i - 1) : Set.of());
            Set<TextMark> closing = difference(spans.get(i), i + 1 < items.size() ? spans.get(i + 1) : Set.of());
            String text = run.text();
            int start = 0;
            int end = text.length();
            if (!opening.isEmpty()) {
                while (start < end && isWhitespace(text.charAt(start))) {
                    start++;
                }
            }
            if (!closing.isEmpty()) {
                while (end > start && isWhitespace(text.charAt(end - 1))) {
                    end--;
                }
            }
            if (start == end) {
                result.add(new Run(text, difference(difference(run.marks(), opening), closing)));
                continue;
            }
            result.add(new Run(text.substring(0, start), difference(run.marks(), opening)));
            result.add(new Run(text.substring(start, end), run.marks()));
            result.add(new Run(text.substring(end), difference(run.marks(), closing)));
        }
        return result;
    }

    /** Whitespace as markdown's delimiter rules see it (Unicode spaces included). */
    private static boolean isWhitespace(char c) {
        return Character.isWhitespace(c) || Character.isSpaceChar(c);
    }

    /**
     * The delimited marks each item is covered by, beyond those already open around the list ({@code inherited}).
     * A link is covered by the marks all of its text shares; an image by the marks of both its neighbours, so
     * a span does not close just for an image.
     */
    static List<Set<TextMark>> spanMarks(List<Inline> items, Set<TextMark> inherited) {
        List<Set<TextMark>> spans = new ArrayList<>(items.size());
        for (Inline item : items) {
            spans.add(switch (item) {
                case Run run -> difference(delimited(run.marks()), inherited);
                case LinkItem link -> difference(linkMarks(link.children()), inherited);
                case ImageItem ignored -> null;
            });
        }
        for (int i = 0; i < spans.size(); i++) {
            if (spans.get(i) == null) {
                Set<TextMark> both = EnumSet.noneOf(TextMark.class);
                both.addAll(i > 0 ? spans.get(i - 1) : Set.of());
                both.retainAll(nextNonImage(spans, i));
                spans.set(i, both);
            }
        }
        return spans;
    }

    private static Set<TextMark> nextNonImage(List<Set<TextMark>> spans, int index) {
        for (int i = index + 1; i < spans.size(); i++) {
            if (spans.get(i) != null) {
                return spans.get(i);
            }
        }
        return Set.of();
    }

    /** The delimited marks shared by all text of a link (none if it has no text). */
    private static Set<TextMark> linkMarks(List<Inline> children) {
        Set<TextMark> shared = null;
        for (Inline child : children) {
            if (child instanceof Run run) {
                if (shared == null) {
                    shared = delimited(run.marks());
                } else {
                    shared.retainAll(run.marks());
                }
            }
        }
        return shared == null ? EnumSet.noneOf(TextMark.class) : shared;
    }

    private static Set<TextMark> delimited(Set<TextMark> marks) {
        Set<TextMark> result = EnumSet.noneOf(TextMark.class);
        result.addAll(marks);
        result.retainAll(DELIMITED);
        return result;
    }

    static Set<TextMark> difference(Set<TextMark> a, Set<TextMark> b) {
        Set<TextMark> result = EnumSet.noneOf(TextMark.class);
        result.addAll(a);
        result.removeAll(b);
        return result;
    }

    static Set<TextMark> union(Set<TextMark> a, Set<TextMark> b) {
        Set<TextMark> result = EnumSet.noneOf(TextMark.class);
        result.addAll(a);
        result.addAll(b);
        return result;
    }

    /** Text that must fit on one line (a table column title): line breaks as spaces, spaces and tabs trimmed. */
    static String singleLine(String text) {
        String line = lineBreaksAsSpaces(text);
        int start = 0;
        int end = line.length();
        while (start < end && isSpaceOrTab(line.charAt(start))) {
            start++;
        }
        while (end > start && isSpaceOrTab(line.charAt(end - 1))) {
            end--;
        }
        return line.substring(start, end);
    }

    /**
     * A code line as markdown keeps it: inside lists and quotes commonmark reads a line of only spaces as an empty
     * line, so such lines are empty everywhere.
     */
    static String codeLine(String line) {
        for (int i = 0; i < line.length(); i++) {
            if (!isSpaceOrTab(line.charAt(i))) {
                return line;
            }
        }
        return "";
    }

    /** The text of inline content without any formatting (for captions and titles). */
    static String plainText(List<Inline> items) {
        StringBuilder text = new StringBuilder();
        for (Inline item : items) {
            switch (item) {
                case Run run -> text.append(run.text());
                case LinkItem link -> text.append(plainText(link.children()));
                case ImageItem image -> text.append(image.alt());
            }
        }
        return text.toString();
    }
}
