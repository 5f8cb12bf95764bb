package io.bindery.document;

import java.util.regex.Pattern;

import org.commonmark.ext.gfm.tables.TableCell;
import org.commonmark.ext.gfm.tables.TableRow;
import org.commonmark.node.Block;
import org.commonmark.node.Code;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.HardLineBreak;
import org.commonmark.node.HtmlBlock;
import org.commonmark.node.HtmlInline;
import org.commonmark.node.IndentedCodeBlock;
import org.commonmark.node.LinkReferenceDefinition;
import org.commonmark.node.Node;
import org.commonmark.node.SoftLineBreak;
import org.commonmark.node.Text;

/**
 * Extracts the readable text of a commonmark subtree: no markdown syntax, link and image text kept,
 * destinations dropped, code kept, blocks (and table rows) on their own lines, table cells separated by a space.
 *
 * <p>The walk is iterative so arbitrarily deep inline nesting cannot overflow the stack.
 */
final class PlainText {

    private static final Pattern HTML_TAG = Pattern.compile("<[^>]*>");
    private static final Pattern LINE_BREAK_TAG = Pattern.compile("(?i)<br\\s*/?>");

    private PlainText() {
    }

    /** Text of {@code root} with blocks and hard line breaks on separate lines. */
    static String of(Node root) {
        return collect(root, true);
    }

    /** Text of {@code root} on a single line, for titles and image descriptions. */
    static String singleLine(Node root) {
        return collect(root, false).replace('\n', ' ');
    }

    /** Whether an inline HTML tag is a line break ({@code <br>}, {@code <br/>}, {@code <br />}). */
    static boolean isLineBreakTag(String html) {
        return LINE_BREAK_TAG.matcher(html).matches();
    }

    private static String collect(Node root, boolean lineBreaks) {
        Output out = new Output();
        Node node = root;
        while (node != null) {
            boolean descend = enter(node, out, lineBreaks);
            if (descend && node.getFirstChild() != null) {
                node = node.getFirstChild();
                continue;
            }
            while (node != root && node.getNext() == null) {
                node = node.getParent();
            }
            node = node == root ? null : node.getNext();
        }
        return out.text();
    }

    /** Writes what {@code node} itself contributes; returns whether its children should be visited. */
    private static boolean enter(Node node, Output out, boolean lineBreaks) {
        if (node instanceof Block || node instanceof TableRow) {
            out.startBlock();
        }
        switch (node) {
            case Text text -> out.append(text.getLiteral());
            case Code code -> out.append(code.getLiteral());
            case SoftLineBreak ignored -> out.append(" ");
            case HardLineBreak ignored -> out.append(lineBreaks ? "\n" : " ");
            case HtmlInline html -> {
                if (isLineBreakTag(html.getLiteral())) {
                    out.append(lineBreaks ? "\n" : " ");
                }
            }
            case FencedCodeBlock code -> out.append(withoutFinalNewline(code.getLiteral()));
            case IndentedCodeBlock code -> out.append(withoutFinalNewline(code.getLiteral()));
            case HtmlBlock html -> out.append(htmlText(html.getLiteral()));
            case TableCell cell -> {
                if (cell.getPrevious() != null) {
                    out.separateCell();
                }
            }
            case LinkReferenceDefinition ignored -> {
                return false;
            }
            default -> {
                // Containers (paragraphs, emphasis, links, lists, ...) contribute only their children.
            }
        }
        return true;
    }

    /** The text inside raw HTML: tags removed, each line trimmed, blank lines dropped. */
    private static String htmlText(String html) {
        StringBuilder text = new StringBuilder();
        for (String line : HTML_TAG.matcher(html).replaceAll("").split("\n")) {
            String trimmed = line.strip();
            if (!trimmed.isEmpty()) {
                if (!text.isEmpty()) {
                    text.append('\n');
                }
                text.append(trimmed);
            }
        }
        return text.toString();
    }

    static String withoutFinalNewline(String literal) {
        return literal.endsWith("\n") ? literal.substring(0, literal.length() - 1) : literal;
    }

    /** Appends text, inserting block and cell separators lazily so empty blocks leave no blank lines. */
    private static final class Output {
        private final StringBuilder text = new StringBuilder();
        private String pendingSeparator = "";

        void startBlock() {
            if (!text.isEmpty()) {
                pendingSeparator = "\n";
            }
        }

        void separateCell() {
            if (!text.isEmpty() && pendingSeparator.isEmpty()) {
                pendingSeparator = " ";
            }
        }

        void append(String value) {
            if (value.isEmpty()) {
                return;
            }
            text.append(pendingSeparator).append(value);
            pendingSeparator = "";
        }

        String text() {
            return text.toString();
        }
    }
}
