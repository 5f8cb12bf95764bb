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
 * where the operator allows it. {@code sshHostKeys}: the SHA-256 fingerprints of the SSH server's host keys the user
 * pinned (null: not pinned, any host key is accepted).
 */
public record RemoteRepository(String url, String username, String password, String sshPrivateKey,
                               java.util.List<String> sshHostKeys) {

    public RemoteRepository(String url, String username, String password) {
        this(url, username, password, null, null);
    }

    public RemoteRepository(String url, String username, String password, String sshPrivateKey) {
        this(url, username, password, sshPrivateKey, null);
    }

    /** Basic-auth credentials (https, http). */
    public boolean hasCredentials() {
        return username != null;
    }

    public boolean isSsh() {
        return url.startsWith("ssh://");
    }

    /** The same repository reached with {@code key} (an SSH private key's text; null: none). */
    public RemoteRepository withSshKey(String key) {
        return new RemoteRepository(url, username, password, key, sshHostKeys);
    }

    @Override
    public String toString() {
        return "RemoteRepository[" + url + (username == null && sshPrivateKey == null ? "" : ", with credentials") + "]";
    }

    /**
     * Parses and checks {@code text}; a 400 naming the problem when it is refused. {@code policy} is the outbound
     * policy in force; the host is resolved here, and every address must pass it.
     */
    public static RemoteRepository parse(String text, boolean allowFile, OutboundPolicy policy) {
        URI uri;
        java.util.regex.Matcher scp = SCP.matcher(text.trim());
        if (scp.matches()) {
            // scp-like "git@host:org/repo.git" is ssh://git@host/org/repo.git
            text = "ssh://" + (scp.group(1) == null ? "" : scp.group(1)) + scp.group(2) + "/" + scp.group(3).replaceFirst("^/+", "");
        }
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
            case "ssh" -> {
                String host = uri.getHost();
                if (host == null || host.isEmpty() || uri.getPath() == null || uri.getPath().length() < 2) {
                    throw ApiException.badRequest("url: an ssh URL needs a host and a path (ssh://git@host/org/repo.git)");
                }
                if (uri.getRawUserInfo() != null && uri.getRawUserInfo().contains(":")) {
                    throw ApiException.badRequest("url: an ssh URL carries no password; give credentials.sshPrivateKey");
                }
                check(host, uri.getPort() > 0 ? uri.getPort() : 22, uri.getRawPath(), policy);
                // the user of an ssh URL (git@) is no secret: it stays in the URL, which JGit reads it from
                return new RemoteRepository(uri.toString(), null, null);
            }
            default -> throw ApiException.badRequest("url: only https, ssh" + (allowFile ? ", http and file" : " and http")
                    + " repository URLs are supported (got " + (scheme.isEmpty() ? "no scheme" : scheme) + ")");
        }
    }

    private static final java.util.regex.Pattern SCP = java.util.regex.Pattern.compile(
            "([A-Za-z0-9._-]+@)?([A-Za-z0-9.-]+):(?!//)([^\\\\]+)");

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
