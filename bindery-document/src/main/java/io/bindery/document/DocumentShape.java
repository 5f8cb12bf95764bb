package io.bindery.document;

import java.util.List;
import java.util.Map;

/**
 * Read access to one JSON object of a client-supplied GitBook document, remembering where it sits
 * (e.g. {@code nodes[3].nodes[0]}) so every problem is reported as an {@link IllegalArgumentException}
 * naming the bad node, never as a {@link ClassCastException} or {@link NullPointerException}.
 */
final class DocumentShape {

    private final Map<?, ?> map;
    private final String path;

    private DocumentShape(Map<?, ?> map, String path) {
        this.map = map;
        this.path = path;
    }

    /** Wraps the value found at {@code path}; it must be a JSON object. */
    static DocumentShape of(Object value, String path) {
        if (value instanceof Map<?, ?> map) {
            return new DocumentShape(map, path);
        }
        throw new IllegalArgumentException("document: " + where(path) + "must be an object");
    }

    /** The path of this object, "" for the document itself. */
    String path() {
        return path;
    }

    /** The path of an element of the list held in {@code field}. */
    String elementPath(String field, int index) {
        return fieldPath(field) + "[" + index + "]";
    }

    Object get(String field) {
        try {
            return map.get(field);
        } catch (ClassCastException | NullPointerException e) {
            // Sorted maps with non-string keys refuse string lookups.
            throw new IllegalArgumentException("document: " + where(path) + "must be an object with string keys");
        }
    }

    String string(String field) {
        if (get(field) instanceof String value) {
            return value;
        }
        throw fail(field, "must be a string");
    }

    /** A string field that may be absent (or null). */
    String optionalString(String field) {
        Object value = get(field);
        if (value == null || value instanceof String) {
            return (String) value;
        }
        throw fail(field, "must be a string");
    }

    /** An identifier used in a path segment such as {@code /pages/<id>}. */
    String id(String field) {
        String value = string(field);
        if (value.isEmpty() || value.chars().anyMatch(c -> c == '/' || c == '?' || c == '#' || Character.isWhitespace(c))) {
            throw fail(field, "must be a non-empty id without '/', '?', '#' or spaces");
        }
        return value;
    }

    List<?> list(String field) {
        if (get(field) instanceof List<?> list) {
            return list;
        }
        throw fail(field, "must be a list");
    }

    /** A list field that may be absent (or null), read as empty. */
    List<?> optionalList(String field) {
        return get(field) == null ? List.of() : list(field);
    }

    DocumentShape object(String field) {
        if (get(field) instanceof Map<?, ?> value) {
            return new DocumentShape(value, fieldPath(field));
        }
        throw fail(field, "must be an object");
    }

    /** An object field that may be absent (or null). */
    DocumentShape optionalObject(String field) {
        return get(field) == null ? null : object(field);
    }

    /** The entries of an object used as a dictionary (e.g. a table's records). */
    Map<?, ?> entries() {
        return map;
    }

    /** Checks that {@code field} holds exactly {@code expected}. */
    void expect(String field, String expected) {
        String actual = string(field);
        if (!actual.equals(expected)) {
            throw fail(field, "must be \"" + expected + "\", not \"" + actual + "\"");
        }
    }

    /** Rejects nodes nested deeper than GitBook documents go (which also stops cyclic structures). */
    void checkDepth(int depth) {
        if (depth > MarkdownParser.MAX_DOCUMENT_DEPTH) {
            throw fail("is nested deeper than " + MarkdownParser.MAX_DOCUMENT_DEPTH + " levels");
        }
    }

    /** An error about {@code field} of this object, e.g. {@code nodes[3].type "foo" is not supported}. */
    IllegalArgumentException fail(String field, String problem) {
        return new IllegalArgumentException("document: " + fieldPath(field) + " " + problem);
    }

    /** An error about this object as a whole. */
    IllegalArgumentException fail(String problem) {
        return new IllegalArgumentException("document: " + where(path) + problem);
    }

    private String fieldPath(String field) {
        return path.isEmpty() ? field : path + "." + field;
    }

    private static String where(String path) {
        return path.isEmpty() ? "" : path + " ";
    }
}
