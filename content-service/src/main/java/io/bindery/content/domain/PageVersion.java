package io.bindery.content.domain;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Objects;

/**
 * One version of one page (row of {@code page_version}): immutable and shared by every revision that holds the
 * page unchanged. {@code markdown} is null when only the page tree was loaded.
 *
 * @param kind     {@code document}, {@code group} or {@code link}
 * @param position orders siblings; fractional so that placing one page never rewrites its siblings
 */
public record PageVersion(String id, String pageId, String kind, String parentId, double position, String title,
                          String slug, String emoji, String icon, String description, boolean hidden, boolean noIndex,
                          boolean noRobotsIndex, String href, String markdown, String gitOid, Instant createdAt,
                          Instant updatedAt) {

    public static final String DOCUMENT = "document";
    public static final String GROUP = "group";
    public static final String LINK = "link";

    /** The id git gives a blob with this content: a git-synced repository would show the same oid. */
    public static String gitBlobOid(String markdown) {
        byte[] body = markdown.getBytes(StandardCharsets.UTF_8);
        try {
            MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
            sha1.update(("blob " + body.length + "\0").getBytes(StandardCharsets.US_ASCII));
            return HexFormat.of().formatHex(sha1.digest(body));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** True when both versions hold the same page in the same place (ids and timestamps aside). */
    public boolean sameContent(PageVersion o) {
        return o != null && (id.equals(o.id) || kind.equals(o.kind) && Objects.equals(parentId, o.parentId)
                && position == o.position && title.equals(o.title) && slug.equals(o.slug)
                && Objects.equals(emoji, o.emoji) && Objects.equals(icon, o.icon)
                && Objects.equals(description, o.description) && hidden == o.hidden && noIndex == o.noIndex
                && noRobotsIndex == o.noRobotsIndex && Objects.equals(href, o.href) && gitOid.equals(o.gitOid));
    }

    public PageVersion withMarkdown(String md) {
        return new PageVersion(id, pageId, kind, parentId, position, title, slug, emoji, icon, description, hidden,
                noIndex, noRobotsIndex, href, md, gitOid, createdAt, updatedAt);
    }
}
