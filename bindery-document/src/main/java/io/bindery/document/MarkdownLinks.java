package io.bindery.document;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.regex.Pattern;

import org.commonmark.ext.gfm.tables.TableCell;
import org.commonmark.node.Block;
import org.commonmark.node.Image;
import org.commonmark.node.LinkReferenceDefinition;
import org.commonmark.node.Node;
import org.commonmark.node.SourceSpan;

/**
 * Finds link and image destinations in markdown source and rewrites them in place (e.g. when a page moves),
 * leaving every other character of the source untouched.
 *
 * <p>Found: inline links {@code [text](dest)}, images {@code ![alt](dest)}, autolinks {@code <https://…>} and
 * reference definitions {@code [label]: dest}. Reference-style uses ({@code [text][label]}) have no destination of
 * their own: their definition is reported. Nothing inside code spans, code blocks or raw HTML is a link.
 */
public final class MarkdownLinks {

    /**
     * A destination in markdown source.
     *
     * @param image       whether it is an image source
     * @param destination the destination as markdown reads it (escapes and entities decoded; autolinked e-mail
     *                    addresses read as {@code mailto:…})
     * @param start       offset of the destination's first character in the source (inside any angle brackets)
     * @param end         offset just after its last character
     */
    public record Link(boolean image, String destination, int start, int end) {
    }

    private static final Pattern AUTOLINK_URI = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\\x00-\\x20<>]*");

    /** How a destination is written, which decides how a replacement must be written. */
    private enum Syntax { BARE, ANGLE_BRACKETS, AUTOLINK }

    private record Located(Link link, Syntax syntax, boolean inTableCell) {
    }

    private MarkdownLinks() {
    }

    /**
     * Every link, image and reference-definition destination of {@code markdown}, in source order.
     *
     * @throws IllegalArgumentException if {@code markdown} is null
     */
    public static List<Link> find(String markdown) {
        return locate(markdown).stream().map(Located::link).toList();
    }

    /**
     * Replaces each destination for which {@code replacement} returns a non-null value different from the current
     * one. A replacement is written so that it parses back to exactly that value: in angle brackets if it holds
     * spaces or parentheses, with backslash escapes where needed; line breaks are percent-encoded. An autolink
     * stays an autolink if the replacement is an absolute URI (spaces and angle brackets percent-encoded), and
     * otherwise becomes an inline link with the same text.
     *
     * @throws IllegalArgumentException if {@code markdown} is null
     */
    public static String rewrite(String markdown, Function<Link, String> replacement) {
        Objects.requireNonNull(replacement, "replacement");
        List<Located> links = locate(markdown);
        StringBuilder out = new StringBuilder(markdown.length() + 64);
        int copied = 0;
        for (Located located : links) {
            Link link = located.link();
            String value = replacement.apply(link);
            if (value == null || value.equals(link.destination())) {
                continue;
            }
            int from = link.start();
            int to = link.end();
            String text;
            switch (located.syntax()) {
                case ANGLE_BRACKETS -> text = MarkdownSyntax.angleContent(MarkdownSyntax.encodeLineBreaks(value));
                case BARE -> text = MarkdownSyntax.destination(value);
                case AUTOLINK -> {
                    String uri = autolinkEncoded(value);
                    if (AUTOLINK_URI.matcher(uri).matches()) {
                        text = uri;
                    } else {
                        from--;
                        to++;
                        text = "[" + escapeLinkText(markdown.substring(link.start(), link.end())) + "]("
                                + MarkdownSyntax.destination(value) + ")";
                    }
                }
                default -> throw new IllegalStateException();
            }
            if (located.inTableCell()) {
                // An unescaped pipe would split the table cell.
                text = text.replace("|", "\\|");
            }
            out.append(markdown, copied, from).append(text);
            copied = to;
        }
        return out.append(markdown, copied, markdown.length()).toString();
    }

    /** Percent-encodes the characters an autolink cannot hold (controls, spaces, angle brackets). */
    private static String autolinkEncoded(String uri) {
        StringBuilder out = new StringBuilder(uri.length() + 8);
        for (int i = 0; i < uri.length(); i++) {
            char c = uri.charAt(i);
            if (c <= ' ' || c == 0x7f || c == '<' || c == '>') {
                out.append('%').append(String.format("%02X", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private static String escapeLinkText(String text) {
        StringBuilder out = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if ("\\`*_[]<>&!~".indexOf(c) >= 0) {
                out.append('\\');
            }
            out.append(c);
        }
        return out.toString();
    }

    // ---------------------------------------------------------------- locating

    private static List<Located> locate(String markdown) {
        Node root = MarkdownParser.parseWithSpans(markdown);
        List<Located> found = new ArrayList<>();
        Node node = root;
        while (node != null) {
            Located located = switch (node) {
                case org.commonmark.node.Link link -> locateLink(markdown, link, false, link.getDestination());
                case Image image -> locateLink(markdown, image, true, image.getDestination());
                case LinkReferenceDefinition definition -> locateDefinition(markdown, definition);
                default -> null;
            };
            if (located != null) {
                found.add(located);
            }
            if (node.getFirstChild() != null) {
                node = node.getFirstChild();
                continue;
            }
            while (node != null && node.getNext() == null) {
                node = node.getParent();
            }
            node = node == null ? null : node.getNext();
        }
        found.sort(Comparator.comparingInt(located -> located.link().start()));
        return found;
    }

    private static Located locateLink(String markdown, Node link, boolean image, String destination) {
        SourceText text = SourceText.of(markdown, link);
        if (text == null || text.length() < 2) {
            return null;
        }
        if (!image && text.charAt(0) == '<') {
            int start = text.sourceIndex(1);
            int end = text.sourceIndex(text.length() - 1);
            return checked(markdown, new Link(false, destination, start, end), Syntax.AUTOLINK, text.inTableCell());
        }
        // The link text ends where its last child ends (or right after "[" / "![" when it is empty) ...
        int position = image ? 2 : 1;
        for (Node child = link.getLastChild(); child != null; child = child.getPrevious()) {
            SourceText childText = SourceText.of(markdown, child);
            if (childText != null) {
                position = text.positionOf(childText.sourceEnd());
                break;
            }
        }
        if (position < 0) {
            return null;
        }
        // ... then, past spaces and line breaks, comes "](" for an inline link (anything else is a reference link).
        while (position < text.length() && (isSpace(text.charAt(position))
                || (text.charAt(position) == '\\' && position + 1 < text.length() && text.charAt(position + 1) == '\n'))) {
            position++;
        }
        if (position + 1 >= text.length() || text.charAt(position) != ']' || text.charAt(position + 1) != '(') {
            return null;
        }
        return destination(markdown, text, position + 2, new Link(image, destination, 0, 0));
    }

    private static Located locateDefinition(String markdown, LinkReferenceDefinition definition) {
        SourceText text = SourceText.of(markdown, definition);
        if (text == null) {
            return null;
        }
        int position = 0;
        while (position < text.length() && text.charAt(position) != '[') {
            position++;
        }
        // Labels cannot contain unescaped brackets, so the first unescaped "]" closes it.
        position++;
        while (position < text.length() && text.charAt(position) != ']') {
            position += text.charAt(position) == '\\' ? 2 : 1;
        }
        if (position + 1 >= text.length() || text.charAt(position + 1) != ':') {
            return null;
        }
        return destination(markdown, text, position + 2, new Link(false, definition.getDestination(), 0, 0));
    }

    /** Reads the destination that starts (after optional spaces) at {@code position}. */
    private static Located destination(String markdown, SourceText text, int position, Link link) {
        int start = position;
        while (start < text.length() && isSpace(text.charAt(start))) {
            start++;
        }
        if (start >= text.length()) {
            return null;
        }
        int end;
        Syntax syntax;
        if (text.charAt(start) == '<') {
            syntax = Syntax.ANGLE_BRACKETS;
            start++;
            end = start;
            while (end < text.length() && text.charAt(end) != '>') {
                if (text.charAt(end) == '\n' || text.charAt(end) == '<') {
                    return null;
                }
                end += text.charAt(end) == '\\' ? 2 : 1;
            }
            if (end >= text.length()) {
                return null;
            }
        } else {
            syntax = Syntax.BARE;
            end = start;
            int parentheses = 0;
            while (end < text.length()) {
                char c = text.charAt(end);
                if (c == '\\' && end + 1 < text.length() && isAsciiPunctuation(text.charAt(end + 1))) {
                    end += 2;
                    continue;
                }
                if (c <= ' ' || (c == ')' && parentheses == 0)) {
                    break;
                }
                parentheses += c == '(' ? 1 : c == ')' ? -1 : 0;
                end++;
            }
        }
        int sourceStart = text.sourceIndex(start);
        Link located = new Link(link.image(), link.destination(), sourceStart, sourceStart + (end - start));
        return checked(markdown, located, syntax, text.inTableCell());
    }

    /**
     * Guards against misreading the source: where the written destination needs no decoding it must equal the
     * parsed one, otherwise the link is not reported (so it is never rewritten at the wrong place).
     */
    private static Located checked(String markdown, Link link, Syntax syntax, boolean inTableCell) {
        if (link.start() < 0 || link.end() > markdown.length() || link.start() > link.end()) {
            return null;
        }
        String written = markdown.substring(link.start(), link.end());
        boolean plain = written.indexOf('\\') < 0 && written.indexOf('&') < 0;
        if (plain && !written.equals(link.destination()) && !("mailto:" + written).equals(link.destination())) {
            return null;
        }
        return new Located(link, syntax, inTableCell);
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n';
    }

    private static boolean isAsciiPunctuation(char c) {
        return (c >= '!' && c <= '/') || (c >= ':' && c <= '@') || (c >= '[' && c <= '`') || (c >= '{' && c <= '~');
    }

    /**
     * The source text a node was parsed from: its source spans (one per line, without container markers such as
     * "> ") joined by '\n', with a map back to offsets in the markdown.
     *
     * <p>GFM table cells are parsed after {@code \|} is replaced by {@code |}, so commonmark reports inline
     * positions in a cell against that shortened text; they are mapped back to the real source here.
     */
    private static final class SourceText {
        private final StringBuilder text = new StringBuilder();
        private final List<Integer> sourceIndexes = new ArrayList<>();
        private final boolean inTableCell;

        private SourceText(boolean inTableCell) {
            this.inTableCell = inTableCell;
        }

        static SourceText of(String markdown, Node node) {
            List<SourceSpan> spans = node.getSourceSpans();
            if (spans.isEmpty()) {
                return null;
            }
            TableCell cell = enclosingCell(node);
            SourceText result = new SourceText(cell != null);
            for (SourceSpan span : spans) {
                int start = span.getInputIndex();
                int end = start + span.getLength();
                if (cell != null && span.getLength() > 0) {
                    int cellStart = cell.getSourceSpans().getFirst().getInputIndex();
                    start = unescapedPipesIndex(markdown, cellStart, start);
                    end = unescapedPipesIndex(markdown, cellStart, end - 1) + 1;
                }
                if (start < 0 || end > markdown.length() || start > end) {
                    return null;
                }
                if (!result.text.isEmpty()) {
                    result.text.append('\n');
                    result.sourceIndexes.add(-1);
                }
                for (int i = start; i < end; i++) {
                    result.text.append(markdown.charAt(i));
                    result.sourceIndexes.add(i);
                }
            }
            return result;
        }

        private static TableCell enclosingCell(Node node) {
            for (Node parent = node; parent != null && !(parent instanceof Block); parent = parent.getParent()) {
                if (parent instanceof TableCell cell && !cell.getSourceSpans().isEmpty()) {
                    return cell;
                }
            }
            return null;
        }

        /** The real offset of {@code reported}, an offset in the cell text where each {@code \|} lost its backslash. */
        private static int unescapedPipesIndex(String markdown, int cellStart, int reported) {
            int real = cellStart;
            for (int processed = cellStart; processed < reported && real < markdown.length(); processed++) {
                if (markdown.charAt(real) == '\\' && real + 1 < markdown.length() && markdown.charAt(real + 1) == '|') {
                    real++;
                }
                real++;
            }
            return real;
        }

        int length() {
            return text.length();
        }

        char charAt(int position) {
            return text.charAt(position);
        }

        boolean inTableCell() {
            return inTableCell;
        }

        /** The markdown offset of a position (for a position at the end, just past the last character). */
        int sourceIndex(int position) {
            if (position < sourceIndexes.size() && sourceIndexes.get(position) >= 0) {
                return sourceIndexes.get(position);
            }
            return position > 0 && sourceIndexes.get(position - 1) >= 0 ? sourceIndexes.get(position - 1) + 1 : -1;
        }

        /** The markdown offset just past the last character. */
        int sourceEnd() {
            return sourceIndex(text.length());
        }

        /** The position in this text of a markdown offset, which may be just past a line's end (-1 if outside). */
        int positionOf(int sourceIndex) {
            for (int position = 0; position < sourceIndexes.size(); position++) {
                int index = sourceIndexes.get(position);
                boolean lineEnd = position + 1 == sourceIndexes.size() || sourceIndexes.get(position + 1) < 0;
                if (index == sourceIndex) {
                    return position;
                }
                if (index == sourceIndex - 1 && lineEnd) {
                    return position + 1;
                }
            }
            return -1;
        }
    }
}
