package io.bindery.document;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Maps markdown link and image destinations to GitBook content references and back.
 *
 * <ul>
 *   <li>{@code /pages/<id>} ⇄ {@code {kind: "page", page: id}}</li>
 *   <li>{@code /pages/<id>#<anchor>} ⇄ {@code {kind: "anchor", anchor, page: id}}: GitBook's {@code ContentRefPage}
 *       has no anchor field, anchors are {@code ContentRefAnchor}. {@code {kind: "page", page, anchor}} is
 *       accepted on input too.</li>
 *   <li>{@code /files/<id>} ⇄ {@code {kind: "file", file: id}}</li>
 *   <li>anything else ⇄ {@code {kind: "url", url}}</li>
 * </ul>
 * Images only take file and url references, as in GitBook's schema.
 */
final class ContentRefs {

    private static final Pattern PAGE = Pattern.compile("/pages/([^/?#\\s]+)(?:#(.*))?", Pattern.DOTALL);
    private static final Pattern FILE = Pattern.compile("/files/([^/?#\\s]+)");

    private ContentRefs() {
    }

    /** The reference for a link destination. */
    static Map<String, Object> forLink(String destination) {
        Matcher page = PAGE.matcher(MarkdownSyntax.encodeLineBreaks(destination));
        if (page.matches()) {
            String anchor = page.group(2);
            if (anchor == null || anchor.isEmpty()) {
                return ref("page", "page", page.group(1));
            }
            Map<String, Object> ref = ref("anchor", "anchor", anchor);
            ref.put("page", page.group(1));
            return ref;
        }
        return forImage(destination);
    }

    /** The reference for an image source. */
    static Map<String, Object> forImage(String destination) {
        String value = MarkdownSyntax.encodeLineBreaks(destination);
        Matcher file = FILE.matcher(value);
        if (file.matches()) {
            return ref("file", "file", file.group(1));
        }
        return ref("url", "url", value);
    }

    private static Map<String, Object> ref(String kind, String field, String value) {
        Map<String, Object> ref = new LinkedHashMap<>();
        ref.put("kind", kind);
        ref.put(field, value);
        return ref;
    }

    /**
     * The markdown destination for a reference read from a document.
     *
     * @throws IllegalArgumentException if the reference is malformed or of a kind markdown cannot express
     */
    static String destination(DocumentShape ref, boolean image) {
        String kind = ref.string("kind");
        if (ref.optionalString("space") != null) {
            // "/pages/<id>" always means the current space: writing it would silently retarget the link.
            throw ref.fail("space", "is not supported: links into other spaces have no markdown form");
        }
        return switch (kind) {
            case "url" -> ref.string("url");
            case "file" -> "/files/" + ref.id("file");
            case "page" -> {
                if (image) {
                    throw ref.fail("kind", "\"page\" is not supported for images");
                }
                String anchor = ref.optionalString("anchor");
                yield "/pages/" + ref.id("page") + (anchor == null || anchor.isEmpty() ? "" : "#" + anchor);
            }
            case "anchor" -> {
                if (image) {
                    throw ref.fail("kind", "\"anchor\" is not supported for images");
                }
                String page = ref.optionalString("page");
                String anchor = ref.string("anchor");
                yield page == null ? "#" + anchor : "/pages/" + ref.id("page") + "#" + anchor;
            }
            default -> throw ref.fail("kind", "\"" + kind + "\" is not supported");
        };
    }
}
