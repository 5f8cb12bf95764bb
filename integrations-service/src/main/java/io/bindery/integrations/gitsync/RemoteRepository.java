package io.bindery.integrations.gitsync;

import io.bindery.commons.errors.ApiException;
import io.bindery.commons.outbound.OutboundPolicy;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;

/**
 * A repository URL as a user gave it, split into the URL kept and shown ({@link #url}, never with credentials) and
 * the basic-auth credentials it carried (used for the operation, never stored). https and http go through the
 * outbound policy (no internal address unless the operator allows it, never the platform's own ports); file only
 * where the operator allows it.
 */
public record RemoteRepository(String url, String username, String password) {

    public boolean hasCredentials() {
        return username != null;
    }

    @Override
    public String toString() {
        return "RemoteRepository[" + url + (username == null ? "" : ", with credentials") + "]";
    }

    /**
     * Parses and checks {@code text}; a 400 naming the problem when it is refused. {@code policy} is the outbound
     * policy in force; the host is resolved here, and every address must pass it.
     */
    public static RemoteRepository parse(String text, boolean allowFile, OutboundPolicy policy) {
        URI uri;
        try {
            uri = new URI(text.trim());
        } catch (URISyntaxException e) {
            throw ApiException.badRequest("url is not a valid URL: " + e.getReason());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        switch (scheme) {
            case "file" -> {
                if (!allowFile) {
                    throw ApiException.badRequest("url: file URLs are not allowed on this server (use https)");
                }
                if (uri.getPath() == null || uri.getPath().isEmpty() || uri.getRawUserInfo() != null) {
                    throw ApiException.badRequest("url: a file URL needs a path and no credentials");
                }
                return new RemoteRepository("file://" + uri.getPath(), null, null);
            }
            case "https", "http" -> {
                String host = uri.getHost();
                if (host == null || host.isEmpty()) {
                    throw ApiException.badRequest("url has no host");
                }
                int port = uri.getPort() > 0 ? uri.getPort() : scheme.equals("https") ? 443 : 80;
                check(host, port, uri.getRawPath(), policy);
                String user = null;
                String password = null;
                if (uri.getRawUserInfo() != null) {
                    String[] parts = uri.getRawUserInfo().split(":", 2);
                    user = URLDecoder.decode(parts[0], StandardCharsets.UTF_8);
                    password = parts.length > 1 ? URLDecoder.decode(parts[1], StandardCharsets.UTF_8) : "";
                }
                try {
                    URI clean = new URI(scheme, null, host, uri.getPort(), uri.getPath(), uri.getQuery(), null);
                    return new RemoteRepository(clean.toString(), user, password);
                } catch (URISyntaxException e) {
                    throw ApiException.badRequest("url is not a valid URL: " + e.getReason());
                }
            }
            default -> throw ApiException.badRequest("url: only https" + (allowFile ? ", http and file" : " and http")
                    + " repository URLs are supported (got " + (scheme.isEmpty() ? "no scheme" : scheme) + ")");
        }
    }

    private static void check(String host, int port, String path, OutboundPolicy policy) {
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        InetAddress[] addresses;
        try {
            addresses = InetAddress.getAllByName(bare);
        } catch (UnknownHostException e) {
            throw ApiException.badRequest("url: the host " + host + " is not known");
        }
        for (InetAddress a : addresses) {
            Optional<String> refused = policy.refusal(a, port, path);
            if (refused.isPresent()) {
                throw ApiException.badRequest("url is refused: " + refused.get());
            }
        }
    }
}
