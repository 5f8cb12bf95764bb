package io.bindery.document;

/**
 * The GitBook text marks that markdown can express, in the order they are listed on a leaf.
 * GitBook's other marks (keyboard, color, superscript, subscript) have no markdown syntax.
 */
enum TextMark {
    BOLD("bold"),
    ITALIC("italic"),
    STRIKETHROUGH("strikethrough"),
    CODE("code");

    private final String type;

    TextMark(String type) {
        this.type = type;
    }

    /** The mark's {@code type} in a GitBook document. */
    String type() {
        return type;
    }

    /** The mark with GitBook type {@code type}, or null if markdown cannot express it. */
    static TextMark ofType(String type) {
        for (TextMark mark : values()) {
            if (mark.type.equals(type)) {
                return mark;
            }
        }
        return null;
    }
}
