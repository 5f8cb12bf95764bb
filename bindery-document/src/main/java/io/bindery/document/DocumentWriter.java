package io.bindery.document;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.bindery.document.InlineContent.ImageItem;
import io.bindery.document.InlineContent.Inline;
import io.bindery.document.InlineContent.Run;
import io.bindery.document.InlineWriter.Context;

/**
 * Writes a client-supplied GitBook JSON document as markdown, validating it on the way: every block and inline
 * type {@link DocumentBuilder} produces is supported, anything else is rejected with an
 * {@link IllegalArgumentException} naming the node.
 *
 * <p>Markdown has no empty paragraphs, so those are dropped; images, quotes and lists are written wherever they
 * occur even if GitBook's schema would not place them there. Settings markdown has no syntax for are dropped:
 * block {@code data} such as code titles and line numbers, image sizes and dark-mode sources, text alignment,
 * a table's hidden header and column widths.
 */
final class DocumentWriter {

    private static final int MAX_ORDERED_NUMBER = 999_999_999;

    private DocumentWriter() {
    }

    static String write(Map<String, Object> document) {
        if (document == null) {
            throw new IllegalArgumentException("document: must not be null");
        }
        DocumentShape root = DocumentShape.of(document, "");
        root.expect("object", "document");
        String body = blocks(root, "nodes", 1, (char) 0);
        return body.isEmpty() ? "" : body + "\n";
    }

    /**
     * The blocks held in {@code field} of {@code parent}, separated by blank lines. {@code outerBullet} is the
     * bullet of the list item holding them (0 if none): a list right inside it uses the other bullet, so that
     * nested empty items ("- - -") never read as a thematic break.
     */
    private static String blocks(DocumentShape parent, String field, int depth, char outerBullet) {
        List<?> nodes = parent.list(field);
        StringBuilder out = new StringBuilder();
        String previousType = null;
        char previousMarker = 0;
        for (int i = 0; i < nodes.size(); i++) {
            DocumentShape block = DocumentShape.of(nodes.get(i), parent.elementPath(field, i));
            block.checkDepth(depth);
            block.expect("object", "block");
            String type = block.string("type");
            // Two lists of the same kind in a row would merge into one: alternate their markers.
            char marker = switch (type) {
                case "list-unordered" -> {
                    char other = type.equals(previousType) ? previousMarker : outerBullet;
                    yield other == '-' ? '+' : '-';
                }
                case "list-ordered" -> type.equals(previousType) && previousMarker == '.' ? ')' : '.';
                default -> 0;
            };
            String markdown = block(block, type, depth, marker);
            if (markdown.isEmpty()) {
                continue;
            }
            if (!out.isEmpty()) {
                out.append("\n\n");
            }
            out.append(markdown);
            previousType = type;
            previousMarker = marker;
        }
        return out.toString();
    }

    private static String block(DocumentShape block, String type, int depth, char marker) {
        return switch (type) {
            case "paragraph" -> paragraph(block, depth);
            case "heading-1", "heading-2", "heading-3" -> {
                String content = InlineWriter.write(InlineWriter.read(block, "nodes", depth), Context.HEADING);
                String hashes = "#".repeat(type.charAt(type.length() - 1) - '0');
                yield content.isEmpty() ? hashes : hashes + " " + content;
            }
            case "list-unordered", "list-ordered" -> list(block, depth, marker);
            case "blockquote" -> quote(blocks(block, "nodes", depth + 1, (char) 0));
            case "code" -> code(block, depth);
            case "images" -> images(block, depth);
            case "table" -> table(block, depth);
            case "divider" -> "***";
            default -> throw block.fail("type", "\"" + type + "\" is not supported");
        };
    }

    /**
     * A top-level paragraph of nothing but images reads back as an images block (see {@link DocumentBuilder}), so
     * it is written like one, an image per line.
     */
    private static String paragraph(DocumentShape block, int depth) {
        List<Inline> inlines = InlineContent.normalize(InlineWriter.read(block, "nodes", depth));
        if (depth == 1 && InlineContent.isImagesOnly(inlines)) {
            StringBuilder out = new StringBuilder();
            for (Inline inline : inlines) {
                if (inline instanceof ImageItem image) {
                    out.append(out.isEmpty() ? "" : "\n").append(InlineWriter.image(image));
                }
            }
            return out.toString();
        }
        return InlineWriter.write(inlines, Context.PARAGRAPH);
    }

    // ---------------------------------------------------------------- containers

    private static String list(DocumentShape list, int depth, char marker) {
        List<?> items = list.list("nodes");
        boolean ordered = marker == '.' || marker == ')';
        long start = ordered ? start(list, items.size()) : 0;
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < items.size(); i++) {
            DocumentShape item = DocumentShape.of(items.get(i), list.elementPath("nodes", i));
            item.checkDepth(depth + 1);
            item.expect("object", "block");
            String type = item.string("type");
            if (!type.equals("list-item")) {
                throw item.fail("type", "\"" + type + "\" is not supported in a list");
            }
            if (i > 0) {
                out.append('\n');
            }
            String itemMarker = ordered ? (start + i) + String.valueOf(marker) : String.valueOf(marker);
            out.append(listItem(itemMarker, blocks(item, "nodes", depth + 2, ordered ? (char) 0 : marker)));
        }
        return out.toString();
    }

    private static long start(DocumentShape list, int items) {
        DocumentShape data = list.optionalObject("data");
        Object start = data == null ? null : data.get("start");
        if (start == null) {
            return 1;
        }
        if (start instanceof Number number) {
            double value = number.doubleValue();
            // Markdown list numbers have at most nine digits.
            if (value == Math.rint(value) && value >= 0 && value + Math.max(items - 1, 0) <= MAX_ORDERED_NUMBER) {
                return (long) value;
            }
        }
        throw data.fail("start", "must be a whole number from 0 to " + MAX_ORDERED_NUMBER + " (for the last item)");
    }

    /** The item's blocks after its marker, continuation lines indented to the item's content column. */
    private static String listItem(String marker, String content) {
        if (content.isEmpty()) {
            return marker;
        }
        String indent = " ".repeat(marker.length() + 1);
        StringBuilder out = new StringBuilder(marker).append(' ');
        String[] lines = content.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (i > 0) {
                out.append('\n');
                if (!lines[i].isEmpty()) {
                    out.append(indent);
                }
            }
            out.append(lines[i]);
        }
        return out.toString();
    }

    private static String quote(String content) {
        if (content.isEmpty()) {
            return ">";
        }
        StringBuilder out = new StringBuilder();
        for (String line : content.split("\n", -1)) {
            if (!out.isEmpty()) {
                out.append('\n');
            }
            out.append(line.isEmpty() ? ">" : "> " + line);
        }
        return out.toString();
    }

    // ---------------------------------------------------------------- code

    private static String code(DocumentShape block, int depth) {
        DocumentShape data = block.optionalObject("data");
        String syntax = data == null ? null : data.optionalString("syntax");
        if (syntax != null && syntax.chars().anyMatch(Character::isWhitespace)) {
            throw data.fail("syntax", "must not contain spaces");
        }
        List<?> nodes = block.list("nodes");
        List<String> lines = new ArrayList<>(nodes.size());
        for (int i = 0; i < nodes.size(); i++) {
            DocumentShape line = DocumentShape.of(nodes.get(i), block.elementPath("nodes", i));
            line.checkDepth(depth + 1);
            line.expect("object", "block");
            String type = line.string("type");
            if (!type.equals("code-line")) {
                throw line.fail("type", "\"" + type + "\" is not supported in code");
            }
            lines.add(InlineContent.codeLine(codeLineText(line, depth + 1)));
        }
        String content = String.join("\n", lines).replace("\r\n", "\n").replace('\r', '\n');
        char fenceChar = syntax != null && syntax.indexOf('`') >= 0 ? '~' : '`';
        String fence = String.valueOf(fenceChar).repeat(Math.max(3, longestRun(content, fenceChar) + 1));
        String info = syntax == null ? "" : MarkdownSyntax.info(syntax);
        if (!info.isEmpty() && info.charAt(0) == fenceChar) {
            // Otherwise the info string would lengthen the fence.
            info = " " + info;
        }
        return fence + info + "\n" + (lines.isEmpty() ? "" : content + "\n") + fence;
    }

    /** The text of a code line; marks mean nothing inside code. */
    private static String codeLineText(DocumentShape line, int depth) {
        StringBuilder text = new StringBuilder();
        List<?> nodes = line.list("nodes");
        for (int i = 0; i < nodes.size(); i++) {
            DocumentShape node = DocumentShape.of(nodes.get(i), line.elementPath("nodes", i));
            node.checkDepth(depth + 1);
            String object = node.string("object");
            if (!object.equals("text")) {
                // GitBook's annotations and expressions have no markdown form.
                throw node.fail("object", "\"" + object + "\" is not supported in code");
            }
            List<?> leaves = node.list("leaves");
            for (int l = 0; l < leaves.size(); l++) {
                text.append(DocumentShape.of(leaves.get(l), node.elementPath("leaves", l)).string("text"));
            }
        }
        return text.toString();
    }

    private static int longestRun(String text, char c) {
        int longest = 0;
        int run = 0;
        for (int i = 0; i < text.length(); i++) {
            run = text.charAt(i) == c ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        return longest;
    }

    // ---------------------------------------------------------------- images

    /** One {@code ![alt](source "caption")} per line; markdown reads such a paragraph back as an images block. */
    private static String images(DocumentShape block, int depth) {
        List<?> nodes = block.list("nodes");
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < nodes.size(); i++) {
            DocumentShape image = DocumentShape.of(nodes.get(i), block.elementPath("nodes", i));
            image.checkDepth(depth + 1);
            image.expect("object", "block");
            String type = image.string("type");
            if (!type.equals("image")) {
                throw image.fail("type", "\"" + type + "\" is not supported in images");
            }
            DocumentShape data = image.object("data");
            String source = ContentRefs.destination(data.object("ref"), true);
            String alt = data.optionalString("alt");
            if (i > 0) {
                out.append('\n');
            }
            out.append(InlineWriter.image(new ImageItem(source, alt == null ? "" : alt, caption(image, depth + 1))));
        }
        return out.toString();
    }

    /** The plain text of an image's caption fragment, or null. */
    private static String caption(DocumentShape image, int depth) {
        List<?> fragments = image.optionalList("fragments");
        for (int i = 0; i < fragments.size(); i++) {
            DocumentShape fragment = DocumentShape.of(fragments.get(i), image.elementPath("fragments", i));
            fragment.checkDepth(depth + 1);
            if ("caption".equals(fragment.optionalString("fragment"))) {
                List<String> paragraphs = paragraphs(fragment, depth + 1, "a caption", Context.PARAGRAPH, true);
                String caption = InlineContent.singleLine(String.join(" ", paragraphs));
                return caption.isEmpty() ? null : caption;
            }
        }
        return null;
    }

    // ---------------------------------------------------------------- tables

    /**
     * A GitBook table as a GFM table: columns in {@code view.columns} order with their definitions' titles and
     * alignments, rows in {@code orderIndex} order, each cell the text fragment its record names. Only text
     * columns exist in markdown, and cells hold only paragraphs (several are joined by a blank {@code <br><br>}).
     */
    private static String table(DocumentShape block, int depth) {
        DocumentShape data = block.object("data");
        DocumentShape view = data.object("view");
        List<?> columnIds = view.list("columns");
        if (columnIds.isEmpty()) {
            throw view.fail("columns", "must not be empty");
        }
        DocumentShape definitions = data.object("definition");
        Map<String, DocumentShape> fragments = fragmentsByName(block, depth);

        List<String> columns = new ArrayList<>(columnIds.size());
        StringBuilder header = new StringBuilder("|");
        StringBuilder delimiters = new StringBuilder("|");
        for (int c = 0; c < columnIds.size(); c++) {
            if (!(columnIds.get(c) instanceof String id)) {
                throw view.fail("columns[" + c + "]", "must be a string");
            }
            columns.add(id);
            DocumentShape definition = definitions.object(id);
            String columnType = definition.optionalString("type");
            if (columnType != null && !columnType.equals("text")) {
                throw definition.fail("type", "\"" + columnType + "\" is not supported");
            }
            String title = definition.optionalString("title");
            header.append(' ').append(cell(title == null ? "" : InlineContent.singleLine(title))).append(" |");
            delimiters.append(' ').append(delimiter(definition)).append(" |");
        }

        StringBuilder out = new StringBuilder().append(header).append('\n').append(delimiters);
        for (DocumentShape record : recordsInOrder(data.object("records"))) {
            DocumentShape values = record.object("values");
            out.append("\n|");
            for (String column : columns) {
                Object value = values.get(column);
                if (value != null && !(value instanceof String)) {
                    throw values.fail(column, "must be the name of a text fragment");
                }
                DocumentShape fragment = value == null ? null : fragments.get(value);
                String content = fragment == null ? ""
                        : String.join("<br><br>", paragraphs(fragment, depth + 1, "a table cell", Context.TABLE_CELL, false));
                out.append(' ').append(content).append(" |");
            }
        }
        return out.toString();
    }

    private static String cell(String title) {
        return InlineWriter.write(List.of(new Run(title, EnumSet.noneOf(TextMark.class))), Context.TABLE_CELL);
    }

    private static String delimiter(DocumentShape definition) {
        String alignment = definition.optionalString("textAlignment");
        if (alignment == null || alignment.equals("left")) {
            return "---";
        }
        return switch (alignment) {
            case "center" -> ":---:";
            case "right" -> "---:";
            default -> throw definition.fail("textAlignment", "\"" + alignment + "\" is not supported");
        };
    }

    private static Map<String, DocumentShape> fragmentsByName(DocumentShape block, int depth) {
        Map<String, DocumentShape> byName = new HashMap<>();
        List<?> fragments = block.optionalList("fragments");
        for (int i = 0; i < fragments.size(); i++) {
            DocumentShape fragment = DocumentShape.of(fragments.get(i), block.elementPath("fragments", i));
            fragment.checkDepth(depth + 1);
            String name = fragment.optionalString("fragment");
            if (name != null) {
                byName.putIfAbsent(name, fragment);
            }
        }
        return byName;
    }

    private static List<DocumentShape> recordsInOrder(DocumentShape records) {
        List<DocumentShape> rows = new ArrayList<>();
        List<String> orderIndexes = new ArrayList<>();
        for (Object id : records.entries().keySet()) {
            if (!(id instanceof String recordId)) {
                throw records.fail("must be an object with string keys");
            }
            DocumentShape record = records.object(recordId);
            orderIndexes.add(record.string("orderIndex"));
            rows.add(record);
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.comparing(orderIndexes::get));
        List<DocumentShape> sorted = new ArrayList<>(rows.size());
        for (int i : order) {
            sorted.add(rows.get(i));
        }
        return sorted;
    }

    /**
     * The inline markdown of each paragraph held by a fragment (a caption or a table cell); other blocks have no
     * place there. {@code plain} drops formatting (captions become image titles, which are plain text).
     */
    private static List<String> paragraphs(DocumentShape fragment, int depth, String where, Context context,
                                           boolean plain) {
        List<?> nodes = fragment.list("nodes");
        List<String> paragraphs = new ArrayList<>(nodes.size());
        for (int i = 0; i < nodes.size(); i++) {
            DocumentShape paragraph = DocumentShape.of(nodes.get(i), fragment.elementPath("nodes", i));
            paragraph.checkDepth(depth + 1);
            paragraph.expect("object", "block");
            String type = paragraph.string("type");
            if (!type.equals("paragraph")) {
                throw paragraph.fail("type", "\"" + type + "\" is not supported in " + where);
            }
            List<Inline> inlines = InlineWriter.read(paragraph, "nodes", depth + 1);
            paragraphs.add(plain
                    ? InlineContent.plainText(InlineContent.normalize(inlines))
                    : InlineWriter.write(inlines, context));
        }
        return paragraphs;
    }
}
