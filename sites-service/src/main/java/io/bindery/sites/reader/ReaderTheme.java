package io.bindery.sites.reader;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The site's customization as the reader shows it: {@code styling.theme} (clean, muted, bold, gradient) as the page's
 * {@code data-theme}; {@code themes}: a site whose visitors may switch ({@code toggeable}, GitBook's default) follows
 * the visitor's {@code prefers-color-scheme}, one that may not is always in its {@code themes.default} mode; {@code
 * styling.primaryColor} light and dark as the accent (links, the current entry), made darker (light mode) or lighter
 * (dark mode) until it reads against the page's background (WCAG AA, 4.5:1), so no site colour makes text unreadable.
 * <p>
 * The accent colours reach the browser in the address of a tiny stylesheet, {@code ~assets/theme.css?light=…&dark=…}
 * ({@link #css}): the reader's Content-Security-Policy allows no inline style, and a stylesheet made from its own
 * address needs no database read and can be kept by the browser for good.
 */
record ReaderTheme(String styling, String mode, String accentLight, String accentDark) {
    static final String DEFAULT_LIGHT = "0969da";
    static final String DEFAULT_DARK = "4493f8";
    /** The page backgrounds of reader.css, light and dark. */
    private static final int BG_LIGHT = 0xffffff;
    private static final int BG_DARK = 0x0d1117;
    private static final Pattern HEX = Pattern.compile("[0-9a-f]{6}");

    static ReaderTheme of(JsonNode customization) {
        JsonNode styling = customization.path("styling");
        JsonNode themes = customization.path("themes");
        String mode = themes.path("toggeable").asBoolean(true) ? null
                : "dark".equals(themes.path("default").asText()) ? "dark" : "light";
        String light = hex(styling.path("primaryColor").path("light").asText(""), DEFAULT_LIGHT);
        String dark = hex(styling.path("primaryColor").path("dark").asText(""), DEFAULT_DARK);
        return new ReaderTheme(styling.path("theme").asText("clean"), mode, readable(light, BG_LIGHT, 0x000000),
                readable(dark, BG_DARK, 0xffffff));
    }

    /** The theme stylesheet's address under {@code base}. */
    String cssUrl(String base) {
        return base + Reader.ASSETS_THEME + "?light=" + accentLight + "&dark=" + accentDark;
    }

    /** The stylesheet for two accents given in its address (six hex digits each; anything else: the default). */
    static String css(String light, String dark) {
        String l = hex(light == null ? "" : light, DEFAULT_LIGHT);
        String d = hex(dark == null ? "" : dark, DEFAULT_DARK);
        // the same guard as of(): an address written by hand gets no unreadable colour either
        l = readable(l, BG_LIGHT, 0x000000);
        d = readable(d, BG_DARK, 0xffffff);
        return ":root{--accent:#" + l + "}\n"
                + "@media (prefers-color-scheme: dark){:root:not([data-mode=\"light\"]){--accent:#" + d + "}}\n"
                + ":root[data-mode=\"dark\"]{--accent:#" + d + "}\n";
    }

    /** {@code #rrggbb} or {@code rrggbb} (any case) as six lower-case digits, else the fallback. */
    static String hex(String color, String fallback) {
        String c = color.strip().toLowerCase(Locale.ROOT);
        if (c.startsWith("#")) {
            c = c.substring(1);
        }
        return HEX.matcher(c).matches() ? c : fallback;
    }

    /** The colour mixed towards {@code toward} in tenths until it has 4.5:1 against {@code background}. */
    static String readable(String hex, int background, int toward) {
        int rgb = Integer.parseInt(hex, 16);
        for (int step = 0; step <= 10; step++) {
            int mixed = mix(rgb, toward, step / 10.0);
            if (contrast(mixed, background) >= 4.5) {
                return String.format("%06x", mixed);
            }
        }
        return String.format("%06x", toward);
    }

    private static int mix(int a, int b, double t) {
        int r = (int) Math.round(((a >> 16) & 255) * (1 - t) + ((b >> 16) & 255) * t);
        int g = (int) Math.round(((a >> 8) & 255) * (1 - t) + ((b >> 8) & 255) * t);
        int bl = (int) Math.round((a & 255) * (1 - t) + (b & 255) * t);
        return r << 16 | g << 8 | bl;
    }

    /** WCAG 2's contrast ratio of two colours. */
    static double contrast(int a, int b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    private static double luminance(int rgb) {
        return 0.2126 * channel((rgb >> 16) & 255) + 0.7152 * channel((rgb >> 8) & 255) + 0.0722 * channel(rgb & 255);
    }

    private static double channel(int v) {
        double c = v / 255.0;
        return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    }
}
