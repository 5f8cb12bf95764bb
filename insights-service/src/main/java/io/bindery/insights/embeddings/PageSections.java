package io.bindery.insights.embeddings;

import io.bindery.document.MarkdownSections;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * A page's sections as the model reads them. The split is commons' {@link MarkdownSections}, the one content's
 * full-text search uses, so a section has the same anchor in both (the key a fusion of the two joins on). What is
 * embedded is the page's title, the section's heading and its plain text, cut to {@code maxChars}; the hash of that
 * (with the model's name) decides whether a section must be embedded again.
 */
public final class PageSections {

    /** {@code key}: the heading's anchor, "" for the text before the first heading. */
    public record Section(String key, int position, String title, String embedded, String hash) {
    }

    private PageSections() {
    }

    public static List<Section> of(String pageTitle, String markdown, int maxChars) {
        String page = pageTitle == null ? "" : pageTitle.strip();
        List<Section> out = new ArrayList<>();
        for (MarkdownSections.Section s : MarkdownSections.split(markdown == null ? "" : markdown)) {
            String title = s.title() == null ? "" : s.title();
            StringBuilder e = new StringBuilder();
            if (!page.isEmpty()) {
                e.append(page).append('\n');
            }
            if (!title.isEmpty() && !title.equals(page)) {
                e.append(title).append('\n');
            }
            e.append(s.body());
            String embedded = e.toString().strip();
            if (embedded.length() > maxChars) {
                embedded = embedded.substring(0, maxChars);
            }
            if (embedded.isEmpty()) {
                continue;
            }
            out.add(new Section(s.anchor(), out.size(), title.isEmpty() ? page : title, embedded, hash(embedded)));
        }
        return out;
    }

    /** SHA-256 of the model's name and the text it reads, hex. */
    public static String hash(String embedded) {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            d.update(Embedder.MODEL.getBytes(StandardCharsets.UTF_8));
            d.update((byte) 0);
            d.update(embedded.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
