package io.bindery.document;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.bindery.document.InlineContent.ImageItem;
import io.bindery.document.InlineContent.Inline;
import io.bindery.document.InlineContent.LinkItem;
import io.bindery.document.InlineContent.Run;
import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.ext.gfm.tables.TableBody;
import org.commonmark.ext.gfm.tables.TableCell;
import org.commonmark.ext.gfm.tables.TableHead;
import org.commonmark.ext.gfm.tables.TableRow;
import org.commonmark.node.BlockQuote;
import org.commonmark.node.BulletList;
import org.commonmark.node.Code;
import org.commonmark.node.Emphasis;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.HardLineBreak;
import org.commonmark.node.Heading;
import org.commonmark.node.HtmlBlock;
import org.commonmark.node.HtmlInline;
import org.commonmark.node.Image;
import org.commonmark.node.IndentedCodeBlock;
import org.commonmark.node.Link;
import org.commonmark.node.ListItem;
import org.commonmark.node.Node;
import org.commonmark.node.OrderedList;
import org.commonmark.node.Paragraph;
import org.commonmark.node.SoftLineBreak;
import org.commonmark.node.StrongEmphasis;
import org.commonmark.node.Text;
import org.commonmark.node.ThematicBreak;

/**
 * Converts a commonmark syntax tree into a GitBook JSON document ({@code Map}/{@code List} values).
 *
 * <p>GitBook restricts what each container may hold, and the builder follows its schema:
 * <ul>
 *   <li>{@code images} blocks only exist at the top level; elsewhere images stay {@code inline-image}s.</li>
 *   <li>a {@code blockquote} holds neither code blocks nor tables: inside quotes, code becomes a paragraph of
 *       {@code code}-marked lines and each table row a paragraph of cells separated by " | ".</li>
 *   <li>list items and quotes are never empty: an empty one holds an empty paragraph.</li>
 * </ul>
 * Keys come from a counter, so the same markdown always yields the same document.
 */
final class DocumentBuilder {

    private static final Pattern HTML_MARK_TAG = Pattern.compile("<(/?)([A-Za-z]+)\\s*>");

    private enum Container { TOP, LIST_ITEM, QUOTE }

    private int lastKey;

    private DocumentBuilder() {
    }

    /** The GitBook document for a parsed markdown page. */
    static Map<String, Object> document(Node root) {
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("object", "document");
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("schemaVersion", 1);
        document.put("data", data);
        document.put("nodes", new DocumentBuilder().blocks(root, Container.TOP));
        return document;
    }

    /** The inline nodes (texts, links, inline images) of one paragraph, heading or table cell. */
    static List<Object> inlineContent(Node container) {
        return new DocumentBuilder().inlines(container);
    }

    // ---------------------------------------------------------------- blocks

    private List<Object> blocks(Node parent, Container container) {
        List<Object> blocks = new ArrayList<>();
        for (Node child = parent.getFirstChild(); child != null; child = child.getNext()) {
            addBlock(child, container, blocks);
        }
        return blocks;
    }

    /** Blocks of a list item or quote, with an empty paragraph if there are none. */
    private List<Object> nonEmptyBlocks(Node parent, Container container) {
        List<Object> blocks = blocks(parent, container);
        if (blocks.isEmpty()) {
            blocks.add(paragraph(finish(new InlineBuilder())));
        }
        return blocks;
    }

    private void addBlock(Node node, Container container, List<Object> out) {
        switch (node) {
            case Paragraph paragraph -> {
                List<Inline> items = items(paragraph);
                if (container == Container.TOP && InlineContent.isImagesOnly(items)) {
                    out.add(images(items));
                } else if (!items.isEmpty()) {
                    out.add(paragraph(inlineNodes(items)));
                }
            }
            case Heading heading -> {
                // GitBook has three heading levels; deeper markdown headings become the third.
                Map<String, Object> block = block("heading-" + Math.min(heading.getLevel(), 3), false);
                block.put("nodes", inlines(heading));
                out.add(block);
            }
            case BulletList list -> out.add(list("list-unordered", list, null));
            case OrderedList list -> {
                Integer start = list.getMarkerStartNumber();
                out.add(list("list-ordered", list, start == null || start == 1 ? null : start));
            }
            case BlockQuote quote -> {
                Map<String, Object> block = block("blockquote", false);
                block.put("nodes", nonEmptyBlocks(quote, Container.QUOTE));
                out.add(block);
            }
            case FencedCodeBlock code -> addCode(code.getLiteral(), firstWord(code.getInfo()), container, out);
            case IndentedCodeBlock code -> addCode(code.getLiteral(), null, container, out);
            case ThematicBreak ignored -> out.add(block("divider", true));
            case HtmlBlock html -> addHtml(html.getLiteral(), out);
            case TableBlock table -> {
                if (container == Container.QUOTE) {
                    addTableAsParagraphs(table, out);
                } else if (!cells(headerRow(table)).isEmpty()) {
                    // (A header row of a lone "|" has no cells: there is no table to keep.)
                    out.add(table(table));
                }
            }
            default -> {
                // Link reference definitions: their links are already resolved, they have no content of their own.
            }
        }
    }

    private Map<String, Object> block(String type, boolean isVoid) {
        Map<String, Object> block = new LinkedHashMap<>();
        block.put("object", "block");
        block.put("type", type);
        block.put("key", nextKey());
        block.put("isVoid", isVoid);
        block.put("data", new LinkedHashMap<String, Object>());
        return block;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> data(Map<String, Object> node) {
        return (Map<String, Object>) node.get("data");
    }

    private Map<String, Object> paragraph(List<Object> inlines) {
        Map<String, Object> block = block("paragraph", false);
        block.put("nodes", inlines);
        return block;
    }

    private Map<String, Object> list(String type, Node list, Integer start) {
        Map<String, Object> block = block(type, false);
        if (start != null) {
            data(block).put("start", start);
        }
        List<Object> items = new ArrayList<>();
        for (Node item = list.getFirstChild(); item != null; item = item.getNext()) {
            if (item instanceof ListItem) {
                Map<String, Object> listItem = block("list-item", false);
                listItem.put("nodes", nonEmptyBlocks(item, Container.LIST_ITEM));
                items.add(listItem);
            }
        }
        block.put("nodes", items);
        return block;
    }

    /**
     * Adds a paragraph unless it has no content (e.g. only closing HTML tags): markdown cannot hold an empty
     * paragraph, so {@link DocumentWriter} could not write it back.
     */
    private void addParagraph(InlineBuilder inlines, List<Object> out) {
        List<Inline> items = InlineContent.normalize(inlines.items());
        if (!items.isEmpty()) {
            out.add(paragraph(inlineNodes(items)));
        }
    }

    private void addCode(String literal, String syntax, Container container, List<Object> out) {
        String[] lines = PlainText.withoutFinalNewline(literal).split("\n", -1);
        if (container == Container.QUOTE) {
            // GitBook quotes cannot hold code blocks: keep the code as code-marked lines of a paragraph.
            InlineBuilder inlines = new InlineBuilder();
            for (int i = 0; i < lines.length; i++) {
                if (i > 0) {
                    inlines.text("\n", EnumSet.noneOf(TextMark.class));
                }
                inlines.text(lines[i], EnumSet.of(TextMark.CODE));
            }
            addParagraph(inlines, out);
            return;
        }
        Map<String, Object> block = block("code", false);
        if (syntax != null) {
            data(block).put("syntax", syntax);
        }
        List<Object> codeLines = new ArrayList<>(lines.length);
        for (String rawLine : lines) {
            String line = InlineContent.codeLine(rawLine);
            Map<String, Object> codeLine = block("code-line", false);
            List<Object> leaves = new ArrayList<>();
            if (!line.isEmpty()) {
                leaves.add(leaf(line, EnumSet.noneOf(TextMark.class)));
            }
            codeLine.put("nodes", mutableList(textNode(leaves)));
            codeLines.add(codeLine);
        }
        block.put("nodes", codeLines);
        out.add(block);
    }

    private static String firstWord(String info) {
        String trimmed = info == null ? "" : info.strip();
        if (trimmed.isEmpty()) {
            return null;
        }
        int end = 0;
        while (end < trimmed.length() && !Character.isWhitespace(trimmed.charAt(end))) {
            end++;
        }
        return trimmed.substring(0, end);
    }

    /** Raw HTML is kept as literal text (lines trimmed, as markdown trims paragraph lines). */
    private void addHtml(String html, List<Object> out) {
        InlineBuilder inlines = new InlineBuilder();
        String[] lines = PlainText.withoutFinalNewline(html).split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (i > 0) {
                inlines.text("\n", EnumSet.noneOf(TextMark.class));
            }
            inlines.text(lines[i], EnumSet.noneOf(TextMark.class));
        }
        addParagraph(inlines, out);
    }

    // ---------------------------------------------------------------- images

    private Map<String, Object> images(List<Inline> items) {
        Map<String, Object> block = block("images", false);
        List<Object> images = new ArrayList<>();
        for (Inline item : items) {
            if (item instanceof ImageItem image) {
                Map<String, Object> node = block("image", true);
                putImageData(data(node), image.destination(), image.alt());
                List<Object> fragments = new ArrayList<>();
                if (image.caption() != null) {
                    // A markdown image title is GitBook's caption, a fragment holding a paragraph.
                    InlineBuilder caption = new InlineBuilder();
                    caption.text(image.caption(), EnumSet.noneOf(TextMark.class));
                    fragments.add(fragment("caption", mutableList(paragraph(finish(caption)))));
                }
                node.put("fragments", fragments);
                images.add(node);
            }
        }
        block.put("nodes", images);
        return block;
    }

    private static void putImageData(Map<String, Object> data, String source, String alt) {
        data.put("ref", ContentRefs.forImage(source));
        if (!alt.isEmpty()) {
            data.put("alt", alt);
        }
    }

    private Map<String, Object> fragment(String name, List<Object> nodes) {
        Map<String, Object> fragment = new LinkedHashMap<>();
        fragment.put("object", "fragment");
        fragment.put("key", nextKey());
        fragment.put("fragment", name);
        fragment.put("nodes", nodes);
        return fragment;
    }

    // ---------------------------------------------------------------- tables

    /**
     * A GFM table as GitBook's table block: one {@code text} column definition per header cell (its title is the
     * header's plain text), one record per body row, each cell's content in a fragment that the record names.
     * Records are ordered by {@code orderIndex}, strings that sort like the rows.
     */
    private Map<String, Object> table(TableBlock table) {
        Map<String, Object> block = block("table", true);
        List<TableCell> header = cells(headerRow(table));
        List<String> columns = new ArrayList<>(header.size());
        Map<String, Object> definitions = new LinkedHashMap<>();
        for (TableCell cell : header) {
            String id = nextKey();
            columns.add(id);
            Map<String, Object> definition = new LinkedHashMap<>();
            definition.put("id", id);
            definition.put("title", InlineContent.singleLine(InlineContent.plainText(items(cell))));
            definition.put("type", "text");
            definition.put("textAlignment", alignment(cell.getAlignment()));
            definitions.put(id, definition);
        }
        List<TableRow> rows = bodyRows(table);
        int indexWidth = String.valueOf(Math.max(rows.size() - 1, 0)).length();
        Map<String, Object> records = new LinkedHashMap<>();
        List<Object> fragments = new ArrayList<>();
        for (int r = 0; r < rows.size(); r++) {
            List<TableCell> cells = cells(rows.get(r));
            String recordId = nextKey();
            Map<String, Object> values = new LinkedHashMap<>();
            for (int c = 0; c < columns.size(); c++) {
                String name = nextKey();
                List<Object> content = c < cells.size() ? inlines(cells.get(c)) : finish(new InlineBuilder());
                fragments.add(fragment(name, mutableList(paragraph(content))));
                values.put(columns.get(c), name);
            }
            Map<String, Object> record = new LinkedHashMap<>();
            record.put("orderIndex", "a" + "0".repeat(indexWidth - String.valueOf(r).length()) + r);
            record.put("values", values);
            records.put(recordId, record);
        }
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("type", "grid");
        view.put("columns", columns);
        view.put("hideHeader", false);
        Map<String, Object> data = data(block);
        data.put("view", view);
        data.put("records", records);
        data.put("definition", definitions);
        block.put("fragments", fragments);
        return block;
    }

    private static String alignment(TableCell.Alignment alignment) {
        if (alignment == TableCell.Alignment.CENTER) {
            return "center";
        }
        return alignment == TableCell.Alignment.RIGHT ? "right" : "left";
    }

    /** Inside quotes (where GitBook has no tables) each row becomes a paragraph of its cells. */
    private void addTableAsParagraphs(TableBlock table, List<Object> out) {
        List<TableRow> rows = new ArrayList<>();
        rows.add(headerRow(table));
        rows.addAll(bodyRows(table));
        for (TableRow row : rows) {
            InlineBuilder inlines = new InlineBuilder();
            List<TableCell> cells = cells(row);
            for (int c = 0; c < cells.size(); c++) {
                if (c > 0) {
                    inlines.text(" | ", EnumSet.noneOf(TextMark.class));
                }
                walk(cells.get(c), EnumSet.noneOf(TextMark.class), inlines);
            }
            addParagraph(inlines, out);
        }
    }

    private static TableRow headerRow(TableBlock table) {
        for (Node part = table.getFirstChild(); part != null; part = part.getNext()) {
            if (part instanceof TableHead && part.getFirstChild() instanceof TableRow row) {
                return row;
            }
        }
        return new TableRow();
    }

    private static List<TableRow> bodyRows(TableBlock table) {
        List<TableRow> rows = new ArrayList<>();
        for (Node part = table.getFirstChild(); part != null; part = part.getNext()) {
            if (part instanceof TableBody) {
                for (Node row = part.getFirstChild(); row != null; row = row.getNext()) {
                    if (row instanceof TableRow tableRow) {
                        rows.add(tableRow);
                    }
                }
            }
        }
        return rows;
    }

    private static List<TableCell> cells(TableRow row) {
        List<TableCell> cells = new ArrayList<>();
        for (Node cell = row.getFirstChild(); cell != null; cell = cell.getNext()) {
            if (cell instanceof TableCell tableCell) {
                cells.add(tableCell);
            }
        }
        return cells;
    }

    // ---------------------------------------------------------------- inlines

    private List<Object> inlines(Node parent) {
        return inlineNodes(items(parent));
    }

    /** The normalized inline content of a paragraph, heading or table cell. */
    private static List<Inline> items(Node parent) {
        InlineBuilder inlines = new InlineBuilder();
        walk(parent, EnumSet.noneOf(TextMark.class), inlines);
        return InlineContent.normalize(inlines.items());
    }

    /**
     * Adds the inline content of {@code parent} to {@code out}. The walk is iterative (emphasis may nest as
     * deeply as commonmark allows); only links recurse, and links cannot contain links.
     * Inline HTML {@code <strong>}/{@code <b>}, {@code <em>}/{@code <i>}, {@code <del>}/{@code <s>}/{@code <strike>}
     * toggle marks and {@code <br>} is a line break, so marks markdown syntax cannot express survive a round trip;
     * any other inline HTML is kept as literal text.
     */
    private static void walk(Node parent, EnumSet<TextMark> baseMarks, InlineBuilder out) {
        EnumMap<TextMark, Integer> htmlMarks = new EnumMap<>(TextMark.class);
        Deque<EnumSet<TextMark>> saved = new ArrayDeque<>();
        EnumSet<TextMark> marks = EnumSet.copyOf(baseMarks);
        Node node = parent.getFirstChild();
        while (node != null) {
            TextMark container = switch (node) {
                case StrongEmphasis ignored -> TextMark.BOLD;
                case Emphasis ignored -> TextMark.ITALIC;
                case MarkdownParser.Strikethrough ignored -> TextMark.STRIKETHROUGH;
                default -> null;
            };
            // GitBook links cannot nest; commonmark allows an autolink inside link text: keep just its text.
            boolean nestedLink = node instanceof Link && parent instanceof Link;
            if ((container != null || nestedLink) && node.getFirstChild() != null) {
                saved.push(marks);
                marks = EnumSet.copyOf(marks);
                if (container != null) {
                    marks.add(container);
                }
                node = node.getFirstChild();
                continue;
            }
            switch (node) {
                case Text text -> out.text(text.getLiteral(), withHtml(marks, htmlMarks));
                case Code code -> {
                    EnumSet<TextMark> codeMarks = EnumSet.copyOf(withHtml(marks, htmlMarks));
                    codeMarks.add(TextMark.CODE);
                    out.text(code.getLiteral(), codeMarks);
                }
                case SoftLineBreak ignored -> out.text(" ", withHtml(marks, htmlMarks));
                case HardLineBreak ignored -> out.text("\n", withHtml(marks, htmlMarks));
                case HtmlInline html -> html(html.getLiteral(), marks, htmlMarks, out);
                case Link ignored when nestedLink -> {
                    // An empty link inside a link: nothing to keep.
                }
                case Link link -> {
                    InlineBuilder children = new InlineBuilder();
                    walk(link, withHtml(marks, htmlMarks), children);
                    out.inline(new LinkItem(link.getDestination(), children.items()));
                }
                case Image image -> out.inline(new ImageItem(image.getDestination(), PlainText.singleLine(image),
                        image.getTitle()));
                default -> {
                    // Nothing else occurs inside paragraphs, headings or table cells.
                }
            }
            while (node != parent && node.getNext() == null) {
                node = node.getParent();
                if (node != parent) {
                    marks = saved.pop();
                }
            }
            node = node == parent ? null : node.getNext();
        }
    }

    /** The marks from markdown syntax plus those opened by HTML tags (a new set only if there are any). */
    private static EnumSet<TextMark> withHtml(EnumSet<TextMark> marks, EnumMap<TextMark, Integer> htmlMarks) {
        if (htmlMarks.isEmpty()) {
            return marks;
        }
        EnumSet<TextMark> all = EnumSet.copyOf(marks);
        htmlMarks.forEach((mark, count) -> {
            if (count > 0) {
                all.add(mark);
            }
        });
        return all;
    }

    private static void html(String literal, EnumSet<TextMark> marks, EnumMap<TextMark, Integer> htmlMarks,
                             InlineBuilder out) {
        if (PlainText.isLineBreakTag(literal)) {
            out.text("\n", withHtml(marks, htmlMarks));
            return;
        }
        Matcher tag = HTML_MARK_TAG.matcher(literal);
        TextMark mark = tag.matches() ? htmlMark(tag.group(2)) : null;
        if (mark == null) {
            out.text(literal, withHtml(marks, htmlMarks));
            return;
        }
        int delta = tag.group(1).isEmpty() ? 1 : -1;
        htmlMarks.put(mark, Math.max(0, htmlMarks.getOrDefault(mark, 0) + delta));
    }

    private static TextMark htmlMark(String tagName) {
        return switch (tagName.toLowerCase(Locale.ROOT)) {
            case "strong", "b" -> TextMark.BOLD;
            case "em", "i" -> TextMark.ITALIC;
            case "del", "s", "strike" -> TextMark.STRIKETHROUGH;
            default -> null;
        };
    }

    private Map<String, Object> linkNode(LinkItem link) {
        Map<String, Object> node = inline("link", false);
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("ref", ContentRefs.forLink(link.destination()));
        node.put("data", data);
        node.put("nodes", inlineNodes(link.children()));
        return node;
    }

    private Map<String, Object> inlineImageNode(ImageItem image) {
        Map<String, Object> node = inline("inline-image", true);
        Map<String, Object> data = new LinkedHashMap<>();
        putImageData(data, image.destination(), image.alt());
        if (image.caption() != null) {
            data.put("caption", image.caption());
        }
        node.put("data", data);
        return node;
    }

    private Map<String, Object> inline(String type, boolean isVoid) {
        Map<String, Object> inline = new LinkedHashMap<>();
        inline.put("object", "inline");
        inline.put("type", type);
        inline.put("key", nextKey());
        inline.put("isVoid", isVoid);
        return inline;
    }

    private Map<String, Object> textNode(List<Object> leaves) {
        Map<String, Object> text = new LinkedHashMap<>();
        text.put("object", "text");
        text.put("key", nextKey());
        text.put("leaves", leaves.isEmpty() ? mutableList(leaf("", EnumSet.noneOf(TextMark.class))) : leaves);
        return text;
    }

    private static Map<String, Object> leaf(String text, Set<TextMark> marks) {
        List<Object> markNodes = new ArrayList<>(marks.size());
        for (TextMark mark : TextMark.values()) {
            if (!marks.contains(mark)) {
                continue;
            }
            Map<String, Object> node = new LinkedHashMap<>();
            node.put("object", "mark");
            node.put("type", mark.type());
            node.put("data", new LinkedHashMap<String, Object>());
            markNodes.add(node);
        }
        Map<String, Object> leaf = new LinkedHashMap<>();
        leaf.put("object", "leaf");
        leaf.put("text", text);
        leaf.put("marks", markNodes);
        return leaf;
    }

    /** Documents are handed to callers, who may edit them: every list in them is mutable. */
    private static List<Object> mutableList(Object element) {
        List<Object> list = new ArrayList<>(1);
        list.add(element);
        return list;
    }

    private String nextKey() {
        return "k" + Integer.toString(++lastKey, 36);
    }

    /** Collects the inline content of one paragraph, heading, table cell or link; see {@link InlineContent}. */
    private static final class InlineBuilder {
        private final List<Inline> items = new ArrayList<>();

        void text(String text, EnumSet<TextMark> marks) {
            items.add(new Run(text, EnumSet.copyOf(marks)));
        }

        void inline(Inline inline) {
            items.add(inline);
        }

        List<Inline> items() {
            return items;
        }
    }

    /** The document nodes for a block's inline content, normalized as markdown can express it. */
    private List<Object> finish(InlineBuilder inlines) {
        return inlineNodes(InlineContent.normalize(inlines.items()));
    }

    /**
     * Adjacent runs become the leaves of one text node and, as GitBook's editor does, text nodes surround every
     * link and image (empty ones if need be).
     */
    private List<Object> inlineNodes(List<Inline> items) {
        List<Object> nodes = new ArrayList<>(items.size() + 2);
        List<Object> leaves = null;
        for (Inline item : items) {
            if (item instanceof Run run) {
                if (leaves == null) {
                    leaves = new ArrayList<>();
                }
                leaves.add(leaf(run.text(), run.marks()));
                continue;
            }
            nodes.add(textNode(leaves == null ? new ArrayList<>() : leaves));
            leaves = null;
            nodes.add(switch (item) {
                case LinkItem link -> linkNode(link);
                case ImageItem image -> inlineImageNode(image);
                case Run ignored -> throw new IllegalStateException("runs are handled above");
            });
        }
        nodes.add(textNode(leaves == null ? new ArrayList<>() : leaves));
        return nodes;
    }
}
