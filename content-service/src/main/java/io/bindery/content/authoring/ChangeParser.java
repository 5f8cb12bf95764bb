package io.bindery.content.authoring;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;
import io.bindery.content.domain.PageVersion;
import io.bindery.document.LinkAddresses;
import io.bindery.document.MarkdownDocuments;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.net.URLConnection;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads the body of a content batch into {@link ContentChange}s: shapes, types and limits, base64 decoding and
 * downloads of files given by URL. Runs before the write transaction, so nothing is held open during downloads.
 * Errors name the operation: {@code changes[2] (update_page): …}.
 */
@ApplicationScoped
public class ChangeParser {
    public static final int MAX_CHANGES = 50;
    public static final int MAX_FILES = 20;
    public static final int MAX_FILE_BYTES = 1024 * 1024;

    @Inject
    FileFetcher fetcher;
    @Inject
    ObjectMapper json;

    public List<ContentChange> parse(JsonNode node) {
        JsonBody body = JsonBody.of(node);
        JsonNode changes = body.raw("changes");
        if (changes == null || !changes.isArray()) {
            throw ApiException.badRequest("changes is required: an array of 1 to " + MAX_CHANGES + " operations");
        }
        if (changes.isEmpty() || changes.size() > MAX_CHANGES) {
            throw ApiException.badRequest("changes must hold 1 to " + MAX_CHANGES + " operations (got " + changes.size() + ")");
        }
        List<ContentChange> out = new ArrayList<>();
        Set<String> refs = new HashSet<>();
        for (int i = 0; i < changes.size(); i++) {
            JsonNode op = changes.get(i);
            String where = "changes[" + i + "]";
            if (!op.isObject()) {
                throw ApiException.badRequest(where + " must be an object");
            }
            String operation = op.path("operation").asText("");
            try {
                out.add(switch (operation) {
                    case "insert_page" -> insertPage(i, JsonBody.of(op), refs);
                    case "update_page" -> updatePage(i, JsonBody.of(op));
                    case "delete_page" -> new ContentChange.DeletePage(i, required(JsonBody.of(op), "page"));
                    case "revert_page" -> revertPage(i, JsonBody.of(op));
                    case "insert_files" -> insertFiles(i, JsonBody.of(op), refs);
                    case "delete_files" -> deleteFiles(i, JsonBody.of(op));
                    default -> throw ApiException.badRequest("operation must be one of insert_page, update_page, delete_page,"
                            + " revert_page, insert_files, delete_files (got \"" + operation + "\")");
                });
            } catch (ApiException e) {
                throw prefixed(e, where + (operation.isEmpty() ? "" : " (" + operation + ")"));
            }
        }
        return out;
    }

    static ApiException prefixed(ApiException e, String where) {
        return new ApiException(e.status(), where + ": " + e.getMessage());
    }

    private ContentChange insertPage(int i, JsonBody op, Set<String> refs) {
        allow(op, "operation", "type", "title", "slug", "emoji", "icon", "description", "hidden", "noIndex",
                "noRobotsIndex", "condition", "into", "at", "ref", "document", "href");
        String kind = kind(op).orElse(PageVersion.DOCUMENT);
        if (kind.equals(PageVersion.DOCUMENT) && !op.has("document")) {
            throw ApiException.badRequest("document is required ({\"markdown\": \"…\"}, {\"document\": {…}} or {})");
        }
        String ref = op.string("ref", 1, 256, false).orElse(null);
        if (ref != null && !refs.add(ref)) {
            throw ApiException.badRequest("ref \"" + ref + "\" is used twice in this batch");
        }
        String markdown = document(op);
        String href = href(op).orElse(null);
        kindFields(kind, markdown, href, true);
        return new ContentChange.InsertPage(i, fields(op), op.string("into").orElse(null), at(op), ref, markdown, kind,
                href);
    }

    private ContentChange updatePage(int i, JsonBody op) {
        allow(op, "operation", "page", "type", "title", "slug", "emoji", "icon", "description", "hidden", "noIndex",
                "noRobotsIndex", "condition", "into", "at", "document", "href");
        String kind = kind(op).orElse(null);
        String markdown = document(op);
        String href = href(op).orElse(null);
        if (kind != null) {
            kindFields(kind, markdown, href, false); // a link keeps its href; the writer checks a new one gets one
        }
        return new ContentChange.UpdatePage(i, required(op, "page"), fields(op), markdown, op.has("into"),
                op.string("into").orElse(null), at(op), kind, href);
    }

    /** {@code type}: document (the default), group or link; GitBook's page types that a batch can make. */
    private static Optional<String> kind(JsonBody op) {
        if (!op.has("type") || op.isNull("type")) {
            return Optional.empty();
        }
        String kind = op.string("type").orElseThrow(() -> ApiException.badRequest("type must be a string"));
        if (!Set.of(PageVersion.DOCUMENT, PageVersion.GROUP, PageVersion.LINK).contains(kind)) {
            throw ApiException.badRequest("type must be one of document, group, link (got \"" + kind + "\")");
        }
        return Optional.of(kind);
    }

    /**
     * A link's address: absolute (a scheme, or {@code //host}), at most 2,048 characters, never one a browser would
     * run ({@code javascript:}, {@code data:}, {@code vbscript:}), since readers and GitBook's clients follow it.
     */
    private static Optional<String> href(JsonBody op) {
        if (!op.has("href") || op.isNull("href")) {
            return Optional.empty();
        }
        String href = op.string("href", 1, 2048, true)
                .orElseThrow(() -> ApiException.badRequest("href must be a URL of 1 to 2048 characters"));
        if (!LINK_HREF.matcher(href).matches()) {
            throw ApiException.badRequest("href must be an absolute URL such as https://example.com (got \"" + href + "\")");
        }
        if (LinkAddresses.isRunnable(href)) {
            throw ApiException.badRequest("href: javascript:, data: and vbscript: addresses are not allowed");
        }
        return Optional.of(href);
    }

    private static final Pattern LINK_HREF = Pattern.compile(
            "(?:[A-Za-z][A-Za-z0-9+.-]*:|//)[^\\p{Cntrl}]+");

    /** What a page of {@code kind} carries: only a document has text, only a link (which needs one) an href. */
    private static void kindFields(String kind, String markdown, String href, boolean hrefRequired) {
        if (!kind.equals(PageVersion.DOCUMENT) && markdown != null && !markdown.isEmpty()) {
            throw ApiException.badRequest("document: a " + kind + " page has no document of its own");
        }
        if (kind.equals(PageVersion.LINK) && href == null && hrefRequired) {
            throw ApiException.badRequest("href is required for a link page (the address it leads to)");
        }
        if (!kind.equals(PageVersion.LINK) && href != null) {
            throw ApiException.badRequest("href: only a link page has an href (type is " + kind + ")");
        }
    }

    private ContentChange revertPage(int i, JsonBody op) {
        allow(op, "operation", "page", "revision", "block");
        if (op.has("block")) {
            throw ApiException.badRequest("block: reverting single blocks is not supported; revert the whole page");
        }
        return new ContentChange.RevertPage(i, required(op, "page"), op.string("revision").orElse(null));
    }

    private ContentChange insertFiles(int i, JsonBody op, Set<String> refs) {
        allow(op, "operation", "files");
        JsonNode files = op.raw("files");
        if (files == null || !files.isArray() || files.isEmpty() || files.size() > MAX_FILES) {
            throw ApiException.badRequest("files must be an array of 1 to " + MAX_FILES + " files");
        }
        List<ContentChange.NewFile> out = new ArrayList<>();
        for (int f = 0; f < files.size(); f++) {
            String where = "files[" + f + "]";
            if (!files.get(f).isObject()) {
                throw ApiException.badRequest(where + " must be an object");
            }
            try {
                JsonBody file = JsonBody.of(files.get(f));
                allow(file, "ref", "name", "contentType", "url", "base64");
                String name = file.string("name", 1, 256, false)
                        .orElseThrow(() -> ApiException.badRequest("name is required (1 to 256 characters)"));
                String ref = file.string("ref", 1, 256, false).orElse(null);
                if (ref != null && !refs.add(ref)) {
                    throw ApiException.badRequest("ref \"" + ref + "\" is used twice in this batch");
                }
                String type = file.string("contentType", 1, 255, true).orElse(null);
                byte[] bytes;
                if (file.has("url") == file.has("base64")) {
                    throw ApiException.badRequest("give exactly one of url and base64");
                } else if (file.has("base64")) {
                    bytes = base64(file.string("base64").orElse(""));
                } else {
                    String url = file.string("url", 1, 2048, true).orElseThrow(() -> ApiException.badRequest("url is empty"));
                    FileFetcher.Fetched fetched = fetcher.fetch(url, MAX_FILE_BYTES, "url");
                    bytes = fetched.bytes();
                    type = type != null ? type : fetched.contentType();
                }
                if (type == null) {
                    type = URLConnection.guessContentTypeFromName(name);
                }
                out.add(new ContentChange.NewFile(ref, name, type == null ? "application/octet-stream" : type, bytes));
            } catch (ApiException e) {
                throw prefixed(e, where);
            }
        }
        return new ContentChange.InsertFiles(i, out);
    }

    /** {@code {"operation": "delete_files", "files": ["<file id>", …]}}: Git Sync removes the files Git removed. */
    private ContentChange deleteFiles(int i, JsonBody op) {
        allow(op, "operation", "files");
        JsonNode files = op.raw("files");
        if (files == null || !files.isArray() || files.isEmpty() || files.size() > MAX_CHANGES) {
            throw ApiException.badRequest("files must be an array of 1 to " + MAX_CHANGES + " file ids");
        }
        List<String> ids = new ArrayList<>();
        for (int f = 0; f < files.size(); f++) {
            if (!files.get(f).isTextual() || files.get(f).asText().isBlank()) {
                throw ApiException.badRequest("files[" + f + "] must be a file id");
            }
            ids.add(files.get(f).asText());
        }
        return new ContentChange.DeleteFiles(i, ids);
    }

    private static byte[] base64(String text) {
        // 1 MB of bytes is at most 1,398,104 base64 characters: refuse longer text before decoding it
        if (text.length() > (MAX_FILE_BYTES / 3 + 1) * 4 + 8) {
            throw ApiException.badRequest("base64: a file may hold at most " + MAX_FILE_BYTES + " bytes");
        }
        byte[] bytes;
        try {
            // line breaks and spaces are allowed (MIME style); anything else outside the alphabet is refused
            bytes = Base64.getDecoder().decode(text.replaceAll("\\s+", ""));
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest("base64: not valid base64");
        }
        if (bytes.length > MAX_FILE_BYTES) {
            throw ApiException.badRequest("base64: a file may hold at most " + MAX_FILE_BYTES + " bytes");
        }
        return bytes;
    }

    private ContentChange.PageFields fields(JsonBody op) {
        if (op.has("condition")) {
            throw ApiException.badRequest("condition: adaptive content conditions are not supported");
        }
        return new ContentChange.PageFields(op.string("title", 1, 255, true).orElse(null),
                op.string("slug", 1, 100, false).orElse(null), op.string("emoji", 0, 50, false).orElse(null),
                op.string("icon", 0, 50, false).orElse(null), op.string("description", 0, 1000, false).orElse(null),
                op.bool("hidden").orElse(null), op.bool("noIndex").orElse(null), op.bool("noRobotsIndex").orElse(null));
    }

    /** The page's markdown: from {@code {markdown}}, converted from {@code {document}}, "" for {}; null when absent. */
    private String document(JsonBody op) {
        if (!op.has("document") || op.isNull("document")) {
            return null;
        }
        JsonBody doc = op.object("document").orElseThrow();
        if (doc.has("markdown")) {
            return doc.string("markdown").orElseThrow(() -> ApiException.badRequest("document.markdown must be a string"));
        }
        if (doc.has("document")) {
            if (!doc.raw("document").isObject()) {
                throw ApiException.badRequest("document.document must be a GitBook document object");
            }
            try {
                @SuppressWarnings("unchecked")
                Map<String, Object> map = json.convertValue(doc.raw("document"), Map.class);
                return MarkdownDocuments.toMarkdown(map);
            } catch (IllegalArgumentException e) {
                throw ApiException.badRequest(e.getMessage());
            }
        }
        if (doc.node().isEmpty()) {
            return "";
        }
        throw ApiException.badRequest("document must be {\"markdown\": \"…\"}, {\"document\": {…}} or {}");
    }

    private static Integer at(JsonBody op) {
        JsonNode at = op.raw("at");
        if (at == null || at.isNull()) {
            return null;
        }
        if (!at.isInt() || at.asInt() < 0) {
            throw ApiException.badRequest("at must be a whole number of 0 or more");
        }
        return at.asInt();
    }

    private static String required(JsonBody op, String field) {
        return op.string(field, 1, 256, true).orElseThrow(() -> ApiException.badRequest(field + " is required"));
    }

    private static void allow(JsonBody op, String... fields) {
        Set<String> known = Set.of(fields);
        for (Iterator<String> it = op.node().fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!known.contains(f)) {
                throw ApiException.badRequest("unknown field \"" + f + "\"");
            }
        }
    }
}
