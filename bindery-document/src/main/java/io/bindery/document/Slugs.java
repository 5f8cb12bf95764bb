package io.bindery.document;

import java.text.Normalizer;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * URL path segments for page titles ("Getting Started!" → "getting-started").
 *
 * <p>GitBook's {@code RevisionPageSlug} schema sets no pattern, only a length of at most 100, so valid slugs are
 * exactly what {@link #of} can produce: lowercase ASCII letters and digits in hyphen-separated words.
 */
public final class Slugs {

    /** Longest slug, as in GitBook's {@code RevisionPageSlug}. */
    public static final int MAX_LENGTH = 100;

    private static final Pattern VALID = Pattern.compile("[a-z0-9]+(?:-[a-z0-9]+)*");
    private static final Pattern NOT_SLUG = Pattern.compile("[^a-z0-9]+");
    private static final Pattern MARKS = Pattern.compile("\\p{M}+");

    private Slugs() {
    }

    /**
     * The slug for a title: lowercase, accents stripped, every run of other characters one "-", no "-" at either
     * end, at most 100 characters (cut after a whole word where that keeps at least 50); "untitled" when nothing
     * is left (also for null).
     */
    public static String of(String title) {
        if (title == null) {
            return "untitled";
        }
        // NFKD splits accented letters into letter + mark and folds compatibility forms (ligatures, full width).
        String folded = Normalizer.normalize(title.toLowerCase(Locale.ROOT), Normalizer.Form.NFKD);
        String ascii = transliterate(MARKS.matcher(folded).replaceAll(""));
        String slug = trimHyphens(NOT_SLUG.matcher(ascii).replaceAll("-"));
        if (slug.length() > MAX_LENGTH) {
            // Cut after the last whole word, unless that would drop more than half of the allowed length.
            int cut = slug.charAt(MAX_LENGTH) == '-' ? MAX_LENGTH : slug.lastIndexOf('-', MAX_LENGTH - 1);
            slug = trimHyphens(slug.substring(0, cut >= MAX_LENGTH / 2 ? cut : MAX_LENGTH));
        }
        return slug.isEmpty() ? "untitled" : slug;
    }

    /** Whether {@code slug} is one {@link #of} could produce. */
    public static boolean isValid(String slug) {
        return slug != null && !slug.isEmpty() && slug.length() <= MAX_LENGTH && VALID.matcher(slug).matches();
    }

    /** Latin letters that have no decomposition into an ASCII letter plus accents. */
    private static String transliterate(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            out.append(switch (c) {
                case 'ß' -> "ss";
                case 'æ' -> "ae";
                case 'œ' -> "oe";
                case 'ø' -> "o";
                case 'đ', 'ð' -> "d";
                case 'ł' -> "l";
                case 'þ' -> "th";
                case 'ı' -> "i";
                default -> String.valueOf(c);
            });
        }
        return out.toString();
    }

    private static String trimHyphens(String text) {
        int start = 0;
        int end = text.length();
        while (start < end && text.charAt(start) == '-') {
            start++;
        }
        while (end > start && text.charAt(end - 1) == '-') {
            end--;
        }
        return text.substring(start, end);
    }
}
