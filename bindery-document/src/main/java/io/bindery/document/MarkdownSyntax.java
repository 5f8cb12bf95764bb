package io.bindery.document;

/**
 * Small pieces of markdown syntax shared by the writers: link destinations, titles and escapes.
 */
final class MarkdownSyntax {

    private MarkdownSyntax() {
    }

    /**
     * A link or image destination as written between the parentheses of {@code [text](…)}: bare when that parses
     * back to the same value, otherwise in angle brackets ({@code <a b>}). Line breaks, which no destination can
     * hold, are percent-encoded.
     */
    static String destination(String destination) {
        String value = encodeLineBreaks(destination);
        return needsAngleBrackets(value) ? "<" + angleContent(value) + ">" : bareContent(value);
    }

    /** Percent-encodes CR and LF, which no markdown destination can hold (they only get there as {@code &#10;}). */
    static String encodeLineBreaks(String destination) {
        return destination.replace("\r", "%0D").replace("\n", "%0A");
    }

    /** Whether a destination has to be written as {@code <…>} to parse back unchanged. */
    static boolean needsAngleBrackets(String destination) {
        if (destination.isEmpty()) {
            return true;
        }
        for (int i = 0; i < destination.length(); i++) {
            char c = destination.charAt(i);
            if (c <= ' ' || c == 0x7f || c == '<' || c == '>' || c == '(' || c == ')') {
                return true;
            }
        }
        return false;
    }

    /** The inside of an angle-bracket destination {@code <…>}. */
    static String angleContent(String destination) {
        StringBuilder out = new StringBuilder(destination.length() + 8);
        for (int i = 0; i < destination.length(); i++) {
            char c = destination.charAt(i);
            if (c == '\\' || c == '<' || c == '>' || (c == '&' && isEntityAt(destination, i))) {
                out.append('\\');
            }
            out.append(c);
        }
        return out.toString();
    }

    private static String bareContent(String destination) {
        StringBuilder out = new StringBuilder(destination.length() + 8);
        for (int i = 0; i < destination.length(); i++) {
            char c = destination.charAt(i);
            if (c == '\\' || (c == '&' && isEntityAt(destination, i))) {
                out.append('\\');
            }
            out.append(c);
        }
        return out.toString();
    }

    /** A link title: {@code "…"} with quotes and backslashes escaped, on one line. */
    static String title(String title) {
        StringBuilder out = new StringBuilder(title.length() + 8).append('"');
        for (int i = 0; i < title.length(); i++) {
            char c = title.charAt(i);
            if (c == '\n' || c == '\r') {
                out.append(' ');
                continue;
            }
            if (c == '\\' || c == '"' || (c == '&' && isEntityAt(title, i))) {
                out.append('\\');
            }
            out.append(c);
        }
        return out.append('"').toString();
    }

    /** Escapes backslashes and entity-like text in a code block's info string. */
    static String info(String info) {
        StringBuilder out = new StringBuilder(info.length() + 4);
        for (int i = 0; i < info.length(); i++) {
            char c = info.charAt(i);
            if (c == '\\' || (c == '&' && isEntityAt(info, i))) {
                out.append('\\');
            }
            out.append(c);
        }
        return out.toString();
    }

    /**
     * Whether an HTML entity or numeric character reference ({@code &amp;}, {@code &#35;}, {@code &#x23;}) starts at
     * {@code index}; markdown would decode it, so a literal one must be escaped.
     */
    static boolean isEntityAt(CharSequence text, int index) {
        int i = index + 1;
        int end = text.length();
        if (i < end && text.charAt(i) == '#') {
            i++;
            boolean hex = i < end && (text.charAt(i) == 'x' || text.charAt(i) == 'X');
            if (hex) {
                i++;
            }
            int digits = 0;
            while (i < end && digits < 8 && (hex ? isHexDigit(text.charAt(i)) : isAsciiDigit(text.charAt(i)))) {
                i++;
                digits++;
            }
            return digits > 0 && i < end && text.charAt(i) == ';';
        }
        int letters = 0;
        while (i < end && letters < 32 && (isAsciiLetter(text.charAt(i)) || (letters > 0 && isAsciiDigit(text.charAt(i))))) {
            i++;
            letters++;
        }
        return letters > 0 && i < end && text.charAt(i) == ';';
    }

    static boolean isAsciiDigit(char c) {
        return c >= '0' && c <= '9';
    }

    static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isHexDigit(char c) {
        return isAsciiDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }
}
