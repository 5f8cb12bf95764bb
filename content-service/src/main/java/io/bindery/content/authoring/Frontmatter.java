package io.bindery.content.authoring;

/**
 * The YAML-style front matter a git-synced markdown page may start with ({@code ---\ntitle: …\n---}); its
 * {@code title} and {@code description} take precedence over the fields of the change, as in GitBook. Only flat
 * {@code key: value} lines are read; the block is removed from the stored markdown.
 */
record Frontmatter(String title, String description, String firstHeading, String body) {

    static Frontmatter split(String markdown) {
        String md = markdown.replace("\r\n", "\n");
        String title = null;
        String description = null;
        String body = markdown;
        if (md.startsWith("---\n")) {
            int end = md.indexOf("\n---", 3);
            if (end > 0 && (md.length() == end + 4 || md.charAt(end + 4) == '\n')) {
                for (String line : md.substring(4, end).split("\n")) {
                    int colon = line.indexOf(':');
                    if (colon <= 0) {
                        continue;
                    }
                    String key = line.substring(0, colon).trim();
                    String value = unquote(line.substring(colon + 1).trim());
                    if (key.equals("title") && !value.isEmpty()) {
                        title = value;
                    } else if (key.equals("description")) {
                        description = value;
                    }
                }
                body = md.substring(Math.min(md.length(), end + 5));
            }
        }
        String heading = null;
        for (String line : body.split("\n", 20)) {
            if (line.startsWith("# ")) {
                heading = line.substring(2).trim();
                break;
            }
            if (!line.isBlank()) {
                break;
            }
        }
        return new Frontmatter(title, description, heading == null || heading.isEmpty() ? null : heading, body);
    }

    private static String unquote(String v) {
        if (v.length() >= 2 && (v.startsWith("\"") && v.endsWith("\"") || v.startsWith("'") && v.endsWith("'"))) {
            return v.substring(1, v.length() - 1);
        }
        return v;
    }
}
