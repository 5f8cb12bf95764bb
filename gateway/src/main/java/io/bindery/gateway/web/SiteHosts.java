package io.bindery.gateway.web;

import java.util.Locale;
import java.util.Set;

/**
 * Which requests are for a published site on its own hostname: a Host that is neither one of the API's own names
 * nor an IP address (a client that calls the gateway by address means the API).
 */
public final class SiteHosts {
    /** The header that tells the reader which hostname a request was for. */
    public static final String SITE_HOST_HEADER = "X-Bindery-Site-Host";
    /** Where the reader serves a hostname's site. */
    public static final String READER_HOST_PREFIX = "/s/~host";

    private SiteHosts() {
    }

    /** The hostname of a Host header, lower case, without its port; "" when there is none. */
    public static String hostname(String hostHeader) {
        if (hostHeader == null) {
            return "";
        }
        String h = hostHeader.strip().toLowerCase(Locale.ROOT);
        if (h.startsWith("[")) {
            return h; // an IPv6 literal, with or without a port
        }
        int colon = h.lastIndexOf(':');
        return colon >= 0 ? h.substring(0, colon) : h;
    }

    public static boolean isSiteHost(String hostHeader, Set<String> apiHosts) {
        String h = hostname(hostHeader);
        if (h.isEmpty() || h.startsWith("[") || apiHosts.contains(h) || !h.contains(".")) {
            return false; // no name, an IPv6 address, the API's own name, or a single label such as a container's name
        }
        return !h.chars().allMatch(c -> c == '.' || Character.isDigit(c)); // an IPv4 address
    }
}
