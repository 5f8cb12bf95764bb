package io.bindery.document;

import static io.bindery.document.InlineContent.difference;
import static io.bindery.document.InlineContent.spanMarks;
import static io.bindery.document.InlineContent.union;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.bindery.document.InlineContent.ImageItem;
import io.bindery.document.InlineContent.Inline;
import io.bindery.document.InlineContent.LinkItem;
import io.bindery.document.InlineContent.Run;
import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.ext.gfm.tables.TableCell;
import org.commonmark.node.Heading;
import org.commonmark.node.Node;
import org.commonmark.node.Paragraph;

/**
 * Reads the inline nodes of a GitBook document (texts with marks, links, inline images) and writes them as
 * markdown.
 *
 * <p>Bold, italic and strikethrough become {@code **}, {@code _} and {@code ~~}. Markdown cannot put those
 * delimiters everywhere (e.g. bold that starts inside a word before punctuation), so when any of them is present
 * the result is parsed again and compared; if it does not read back the same, {@code *} italics and then HTML tags
 * ({@code <strong>}, {@code <em>}, {@code <del>}, which {@link DocumentBuilder} reads back as marks) are used.
 */
final class InlineWriter {

    /** Where the inline content goes; decides how line breaks and pipes are written. */
    enum Context { PARAGRAPH, HEADING, TABLE_CELL }

    /** How bold, italic and strikethrough are delimited. */
    private enum Style { UNDERSCORE_ITALIC, STAR_ITALIC, HTML }

    private InlineWriter() {
    }

    // ---------------------------------------------------------------- reading

    /** Reads and validates the inline nodes held in {@code field} of {@code parent}, which sits at {@code depth}. */
    static List<Inline> read(DocumentShape parent, String field, int depth) {
        List<Inline> items = new ArrayList<>();
        readInto(parent, field, depth, false, items);
        return items;
    }

    private static void readInto(DocumentShape parent, String field, int depth, boolean insideLink, List<Inline> out) {
        List<?> nodes = parent.list(field);
        for (int i = 0; i < nodes.size(); i++) {
            DocumentShape node = DocumentShape.of(nodes.get(i), parent.elementPath(field, i));
            node.checkDepth(depth + 1);
            String object = node.string("object");
            switch (object) {
                case "text" -> readLeaves(node, out);
                case "inline" -> out.add(readInline(node, depth + 1, insideLink));
                default -> throw node.fail("object", "\"" + object + "\" is not supported here");
            }
        }
    }

    private static void readLeaves(DocumentShape text, List<Inline> out) {
        List<?> leaves = text.list("leaves");
        for (int i = 0; i < leaves.size(); i++) {
            DocumentShape leaf = DocumentShape.of(leaves.get(i), text.elementPath("leaves", i));
            EnumSet<TextMark> marks = EnumSet.noneOf(TextMark.class);
            List<?> markNodes = leaf.optionalList("marks");
            for (int m = 0; m < markNodes.size(); m++) {
                DocumentShape markNode = DocumentShape.of(markNodes.get(m), leaf.elementPath("marks", m));
                String type = markNode.string("type");
                TextMark mark = TextMark.ofType(type);
                if (mark == null) {
                    throw markNode.fail("type", "\"" + type + "\" is not supported");
                }
                marks.add(mark);
            }
            String value = leaf.string("text").replace("\r\n", "\n").replace('\r', '\n');
            out.add(new Run(value, marks));
        }
    }

    private static Inline readInline(DocumentShape node, int depth, boolean insideLink) {
        String type = node.string("type");
        switch (type) {
            case "link" -> {
                if (insideLink) {
                    throw node.fail("type", "\"link\" is not supported inside a link");
                }
                String destination = ContentRefs.destination(node.object("data").object("ref"), false);
                List<Inline> children = new ArrayList<>();
                readInto(node, "nodes", depth, true, children);
                return new LinkItem(destination, children);
            }
            case "inline-image" -> {
                DocumentShape data = node.object("data");
                String destination = ContentRefs.destination(data.object("ref"), true);
                String alt = data.optionalString("alt");
                return new ImageItem(destination, alt == null ? "" : alt, data.optionalString("caption"));
            }
            default -> throw node.fail("type", "\"" + type + "\" is not supported");
        }
    }

    // ---------------------------------------------------------------- writing

    /**
     * The markdown for inline content, which is first {@linkplain InlineContent#normalize normalized}; it reads
     * back (with {@link DocumentBuilder}) as exactly that normalized content.
     */
    static String write(List<Inline> items, Context context) {
        List<Inline> normalized = InlineContent.normalize(items);
        if (!InlineContent.hasDelimitedMarks(normalized)) {
            return render(normalized, Style.UNDERSCORE_ITALIC, context);
        }
        String first = null;
        for (Style style : Style.values()) {
            String markdown = render(normalized, style, context);
            if (first == null) {
                first = markdown;
            }
            if (normalized.equals(reparse(markdown, context))) {
                return markdown;
            }
        }
        return first;
    }

    /** {@code ![alt](destination "caption")}. */
    static String image(ImageItem image) {
        return render(InlineContent.normalize(List.of(image)), Style.UNDERSCORE_ITALIC, Context.PARAGRAPH);
    }

    /** Parses written markdown in its context and reads its (normalized) inline content back. */
    private static List<Inline> reparse(String markdown, Context context) {
        Node root = MarkdownParser.parse(switch (context) {
            case PARAGRAPH -> markdown;
            case HEADING -> "# " + markdown;
            case TABLE_CELL -> "| " + markdown + " |\n| - |\n";
        });
        Node block = root.getFirstChild();
        if (block == null || block.getNext() != null) {
            return null;
        }
        Node container = switch (context) {
            case PARAGRAPH -> block instanceof Paragraph ? block : null;
            case HEADING -> block instanceof Heading ? block : null;
            case TABLE_CELL -> block instanceof TableBlock ? firstCell(block) : null;
        };
        if (container == null) {
            return null;
        }
        Map<String, Object> holder = new LinkedHashMap<>();
        holder.put("nodes", DocumentBuilder.inlineContent(container));
        // Normalizing again only drops the empty text nodes that surround links and images.
        return InlineContent.normalize(read(DocumentShape.of(holder, ""), "nodes", 0));
    }

    private static Node firstCell(Node node) {
        Node cell = node;
        while (cell != null && !(cell instanceof TableCell)) {
            cell = cell.getFirstChild();
        }
        return cell;
    }

    // ---------------------------------------------------------------- rendering

    private static String render(List<Inline> items, Style style, Context context) {
        Renderer renderer = new Renderer(style, context);
        renderer.items(items, EnumSet.noneOf(TextMark.class));
        return renderer.result();
    }

    /** Writes normalized items, opening and closing mark delimiters as the marks change. */
    private static final class Renderer {
        private final Style style;
        private final Context context;
        private final StringBuilder out = new StringBuilder();
        /** Whether the next character starts a line, where block syntax (#, -, >, 1. …) would be recognised. */
        private boolean lineStart;

        Renderer(Style style, Context context) {
            this.style = style;
            this.context = context;
            this.lineStart = context == Context.PARAGRAPH;
        }

        void items(List<Inline> items, Set<TextMark> inherited) {
            List<Set<TextMark>> spans = spanMarks(items, inherited);
            List<TextMark> open = new ArrayList<>();
            for (int i = 0; i < items.size(); i++) {
                Set<TextMark> target = spans.get(i);
                int keep = 0;
                while (keep < open.size() && target.contains(open.get(keep))) {
                    keep++;
                }
                while (open.size() > keep) {
                    delimiter(open.removeLast(), false);
                }
                int from = i;
                Set<TextMark> alreadyOpen = EnumSet.noneOf(TextMark.class);
                alreadyOpen.addAll(open);
                List<TextMark> opening = new ArrayList<>(difference(target, alreadyOpen));
                // Open the longest-lasting span first so spans nest and close in order.
                opening.sort(Comparator.comparingInt((TextMark mark) -> -extent(spans, from, mark))
                        .thenComparing(Comparator.naturalOrder()));
                for (TextMark mark : opening) {
                    delimiter(mark, true);
                    open.add(mark);
                }
                item(items.get(i), union(inherited, target));
            }
            while (!open.isEmpty()) {
                delimiter(open.removeLast(), false);
            }
        }

        private static int extent(List<Set<TextMark>> spans, int from, TextMark mark) {
            int end = from;
            while (end < spans.size() && spans.get(end).contains(mark)) {
                end++;
            }
            return end - from;
        }

        private void item(Inline item, Set<TextMark> open) {
            switch (item) {
                case Run run when run.marks().contains(TextMark.CODE) -> codeSpan(run.text());
                case Run run -> text(run.text());
                case LinkItem link -> {
                    if (endsWithUnescaped('!')) {
                        // "!" right before "[" would turn the link into an image.
                        out.insert(out.length() - 1, '\\');
                    }
                    write("[");
                    items(link.children(), open);
                    write("](" + MarkdownSyntax.destination(link.destination()) + ")");
                }
                case ImageItem image -> {
                    write("![");
                    text(image.alt());
                    String caption = image.caption() == null ? "" : " " + MarkdownSyntax.title(image.caption());
                    write("](" + MarkdownSyntax.destination(image.destination()) + caption + ")");
                }
            }
        }

        private void delimiter(TextMark mark, boolean opening) {
            write(switch (style) {
                case HTML -> switch (mark) {
                    case BOLD -> opening ? "<strong>" : "</strong>";
                    case ITALIC -> opening ? "<em>" : "</em>";
                    default -> opening ? "<del>" : "</del>";
                };
                case STAR_ITALIC, UNDERSCORE_ITALIC -> switch (mark) {
                    case BOLD -> "**";
                    case ITALIC -> style == Style.STAR_ITALIC ? "*" : "_";
                    default -> "~~";
                };
            });
        }

        private void write(String syntax) {
            out.append(syntax);
            lineStart = false;
        }

        /** A code span whose backtick fence does not occur in the code. */
        private void codeSpan(String code) {
            int fence = 1;
            while (hasBacktickRun(code, fence)) {
                fence++;
            }
            // Markdown strips one space from each end of code that starts and ends with one (unless it is all
            // spaces), and a backtick at either end would merge with the fence: pad with a space in both cases.
            boolean pad = code.startsWith("`") || code.endsWith("`")
                    || (code.startsWith(" ") && code.endsWith(" ") && !code.chars().allMatch(c -> c == ' '));
            String ticks = "`".repeat(fence);
            write(ticks + (pad ? " " : "") + code + (pad ? " " : "") + ticks);
        }

        private static boolean hasBacktickRun(String code, int length) {
            int run = 0;
            for (int i = 0; i <= code.length(); i++) {
                if (i < code.length() && code.charAt(i) == '`') {
                    run++;
                } else {
                    if (run == length) {
                        return true;
                    }
                    run = 0;
                }
            }
            return false;
        }

        /** Plain text, with every character markdown would read as syntax escaped. */
        private void text(String text) {
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                if (c == '\n') {
                    lineBreak();
                    continue;
                }
                if (lineStart && MarkdownSyntax.isAsciiDigit(c)) {
                    int end = i;
                    while (end < text.length() && end - i < 9 && MarkdownSyntax.isAsciiDigit(text.charAt(end))) {
                        end++;
                    }
                    out.append(text, i, end);
                    if (end < text.length() && (text.charAt(end) == '.' || text.charAt(end) == ')')) {
                        // "1." or "1)" at a line start would begin an ordered list.
                        out.append('\\').append(text.charAt(end));
                        end++;
                    }
                    i = end - 1;
                    lineStart = false;
                    continue;
                }
                if (needsEscape(text, i)) {
                    out.append('\\');
                }
                out.append(c);
                if (c != ' ' && c != '\t') {
                    lineStart = false;
                }
            }
        }

        private boolean needsEscape(String text, int i) {
            char c = text.charAt(i);
            return switch (c) {
                case '\\', '`', '*', '[', ']', '<', '~' -> true;
                case '_' -> !(isWordChar(previousChar()) && i + 1 < text.length() && isWordChar(text.charAt(i + 1)));
                case '&' -> MarkdownSyntax.isEntityAt(text, i);
                case '#' -> lineStart || (context == Context.HEADING && (out.isEmpty() || isSpace(previousChar())));
                case '>', '-', '+', '=', ':', '|' -> lineStart;
                default -> false;
            };
        }

        private boolean endsWithUnescaped(char c) {
            int end = out.length() - 1;
            if (end < 0 || out.charAt(end) != c) {
                return false;
            }
            int backslashes = 0;
            while (end - 1 - backslashes >= 0 && out.charAt(end - 1 - backslashes) == '\\') {
                backslashes++;
            }
            return backslashes % 2 == 0;
        }

        private char previousChar() {
            return out.isEmpty() ? '\n' : out.charAt(out.length() - 1);
        }

        private static boolean isWordChar(char c) {
            return Character.isLetterOrDigit(c);
        }

        private static boolean isSpace(char c) {
            return c == ' ' || c == '\t';
        }

        /** A hard line break; headings and table cells are single lines, so there it is {@code <br>}. */
        private void lineBreak() {
            if (context == Context.PARAGRAPH) {
                out.append("\\\n");
                lineStart = true;
            } else {
                write("<br>");
            }
        }

        String result() {
            String result = out.toString();
            if (context == Context.PARAGRAPH) {
                // A backslash break cannot start or end a paragraph; <br> can.
                if (result.startsWith("\\\n")) {
                    result = "<br>" + result.substring(2);
                }
                if (result.endsWith("\\\n")) {
                    result = result.substring(0, result.length() - 2) + "<br>";
                }
                if (result.equals("<br>")) {
                    // Alone on a paragraph's first line, <br> would be an HTML block; a character reference is text.
                    result = "&#10;";
                }
            }
            // Inside a table row an unescaped pipe would end the cell; GFM removes the backslash before parsing
            // the cell, so this is right inside code spans and destinations too.
            return context == Context.TABLE_CELL ? result.replace("|", "\\|") : result;
        }
    }
}
