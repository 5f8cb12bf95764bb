package io.bindery.commons.lists;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** A list's filters: fixed conditions joined with AND, every value a named parameter (values never enter the text). */
public final class Where {
    private final StringBuilder text;
    private final Map<String, Object> params = new LinkedHashMap<>();

    private Where(String first) {
        text = new StringBuilder(first);
    }

    public static Where of(String condition) {
        return new Where(condition);
    }

    public static Where of(String condition, String name, Object value) {
        return new Where(condition).param(name, value);
    }

    public Where and(String condition) {
        text.append(" AND ").append(condition);
        return this;
    }

    public Where and(String condition, String name, Object value) {
        return and(condition).param(name, value);
    }

    public Where param(String name, Object value) {
        params.put(name, value);
        return this;
    }

    public String text() {
        return text.toString();
    }

    /**
     * {@code text} as a LIKE pattern that matches it literally (for {@code like :p escape '\\'}): backslash, percent
     * and underscore escaped. Wrap it in {@code %…%} for "contains".
     */
    public static String likeEscaped(String text) {
        return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }

    public Map<String, Object> params() {
        return Collections.unmodifiableMap(params);
    }

    @Override
    public String toString() {
        return text + " " + params;
    }
}
