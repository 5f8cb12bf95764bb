package io.bindery.commons.urls;

/**
 * Absolute URLs built from the one configured public base URL (bindery.public-url, env BINDERY_PUBLIC_URL):
 * {@code api("/users/abc")} is {@code http://host/v1/users/abc}, {@code app("/o/abc")} is {@code http://host/o/abc}.
 */
public final class PublicUrls {
    private final String base;

    public PublicUrls(String base) {
        String b = base == null || base.isBlank() ? "http://127.0.0.1:8080" : base.trim();
        this.base = b.endsWith("/") ? b.substring(0, b.length() - 1) : b;
    }

    public String base() {
        return base;
    }

    public String api(String path) {
        return base + "/v1" + slash(path);
    }

    public String app(String path) {
        return base + slash(path);
    }

    private static String slash(String path) {
        return path.startsWith("/") ? path : "/" + path;
    }
}
