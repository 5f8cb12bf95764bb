package io.bindery.integrations.gitsync;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;
import org.eclipse.jgit.lib.Repository;

/**
 * The bodies of GitBook's {@code ExportToGitRepository} and {@code ImportGitRepository}, read at the edge. The
 * deprecated {@code repoCacheID}, {@code timestamp} and {@code gitInfo} are accepted and not used.
 */
public final class GitSyncRequests {
    private GitSyncRequests() {
    }

    /** Where a space is exported to or imported from; {@code url} as given (credentials included), checked later. */
    public record Target(String url, String ref, String projectDirectory, String treeUrl, String commitUrl, boolean force) {
    }

    public record Export(Target target, String commitMessage) {
        public static Export from(JsonNode node) {
            JsonBody body = body(node);
            String message = body.string("commitMessage", 1, 10_000, true)
                    .orElseThrow(() -> ApiException.badRequest("commitMessage is required (1 to 10000 characters)"));
            return new Export(readTarget(body), message);
        }
    }

    public record Import(Target target) {
        public static Import from(JsonNode node) {
            JsonBody body = body(node);
            if (body.bool("standalone").orElse(false)) {
                throw ApiException.badRequest("standalone: an import into a revision of its own is not supported; "
                        + "imports go through a change request");
            }
            return new Import(readTarget(body));
        }
    }

    /** Which side wins the first sync of a continuous sync: Git's ref is imported, or the space is exported. */
    public enum Priority {
        GIT, BINDERY
    }

    /**
     * Bindery's continuous sync ({@code PUT git/sync}): the repository, the side that wins the first sync and the
     * repository's credentials: a username with a password or token for https, a private key for ssh.
     */
    public record Sync(Target target, Priority priority, String username, String password, String sshPrivateKey,
                       java.util.List<String> sshHostKeys) {
        @Override
        public String toString() {
            return "Sync[" + target.ref() + ", " + priority + (username == null ? "" : ", with credentials") + "]";
        }

        public static Sync from(JsonNode node) {
            JsonBody body = body(node);
            String url = body.string("url", 1, 2048, true)
                    .orElseThrow(() -> ApiException.badRequest("url is required (the repository's URL)"));
            String ref = body.string("ref", 1, 255, true)
                    .orElseThrow(() -> ApiException.badRequest("ref is required, like refs/heads/main"));
            if (!ref.startsWith("refs/heads/") || !Repository.isValidRefName(ref)) {
                throw ApiException.badRequest("ref must be a branch like refs/heads/main (got \"" + ref + "\")");
            }
            String dir = body.string("projectDirectory", 0, 1024, true).map(GitSyncRequests::directory).orElse("");
            String priorityText = body.string("priority", 1, 20, true)
                    .orElseThrow(() -> ApiException.badRequest("priority is required: \"git\" or \"bindery\""
                            + " (the side that wins the first sync)"));
            Priority priority = switch (priorityText) {
                case "git" -> Priority.GIT;
                case "bindery" -> Priority.BINDERY;
                default -> throw ApiException.badRequest("priority must be \"git\" or \"bindery\" (got \""
                        + priorityText + "\")");
            };
            String username = null;
            String password = null;
            if (body.has("credentials") && !body.isNull("credentials")) {
                JsonNode raw = body.raw("credentials");
                if (!raw.isObject()) {
                    throw ApiException.badRequest("credentials must be an object: {\"username\", \"password\"}");
                }
                JsonBody credentials = JsonBody.of(raw);
                if (credentials.has("sshKnownHosts") && !credentials.has("sshPrivateKey")) {
                    throw ApiException.badRequest("credentials.sshKnownHosts pins an ssh server: it goes with"
                            + " credentials.sshPrivateKey and an ssh URL");
                }
                if (credentials.has("sshPrivateKey")) {
                    if (credentials.has("username") || credentials.has("password")) {
                        throw ApiException.badRequest("credentials: give either {\"username\", \"password\"} or"
                                + " {\"sshPrivateKey\"}");
                    }
                    String key = credentials.string("sshPrivateKey", 1, 16384, false)
                            .orElseThrow(() -> ApiException.badRequest("credentials.sshPrivateKey is empty"));
                    SshKeys.parse(key);
                    java.util.List<String> hostKeys = credentials.string("sshKnownHosts", 1, 65536, true)
                            .map(SshKeys::hostKeys).orElse(null);
                    String tree = webUrl(body, "repoTreeURL");
                    String commit = webUrl(body, "repoCommitURL");
                    return new Sync(new Target(url, ref, dir, tree, commit, false), priority, null, null, key, hostKeys);
                }
                username = credentials.string("username", 1, 255, false)
                        .orElseThrow(() -> ApiException.badRequest("credentials.username is required"));
                password = credentials.string("password", 1, 4096, false)
                        .orElseThrow(() -> ApiException.badRequest("credentials.password is required (a password or"
                                + " an access token)"));
            }
            String tree = webUrl(body, "repoTreeURL");
            String commit = webUrl(body, "repoCommitURL");
            return new Sync(new Target(url, ref, dir, tree, commit, false), priority, username, password, null, null);
        }
    }

    private static JsonBody body(JsonNode node) {
        if (node == null || !node.isObject()) {
            throw ApiException.badRequest("the body must be a JSON object");
        }
        return JsonBody.of(node);
    }

    private static Target readTarget(JsonBody body) {
        String url = body.string("url", 1, 2048, true)
                .orElseThrow(() -> ApiException.badRequest("url is required (the repository's URL)"));
        String ref = body.string("ref", 1, 255, true)
                .orElseThrow(() -> ApiException.badRequest("ref is required, like refs/heads/main"));
        if (!ref.startsWith("refs/heads/") || !Repository.isValidRefName(ref)) {
            throw ApiException.badRequest("ref must be a branch like refs/heads/main (got \"" + ref + "\")");
        }
        String dir = body.string("repoProjectDirectory", 0, 1024, true).map(GitSyncRequests::directory).orElse("");
        String tree = webUrl(body, "repoTreeURL");
        String commit = webUrl(body, "repoCommitURL");
        return new Target(url, ref, dir, tree, commit, body.bool("force").orElse(false));
    }

    /**
     * An optional address shown to readers (the Space's {@code gitSync.url}): kept when it is an http or https URL
     * without credentials, otherwise left out as if not given. GitBook documents these fields as any string, so a
     * client's value is never refused; only a safe one is ever shown.
     */
    private static String webUrl(JsonBody body, String field) {
        String value = body.string(field, 0, 2048, true).orElse(null);
        if (value == null || value.isEmpty()) {
            return null;
        }
        try {
            java.net.URI uri = new java.net.URI(value);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(java.util.Locale.ROOT);
            if ((scheme.equals("https") || scheme.equals("http")) && uri.getHost() != null && uri.getRawUserInfo() == null) {
                return value;
            }
        } catch (java.net.URISyntaxException e) {
            // not a URL: not shown
        }
        return null;
    }

    /** "docs", "/docs/", "./docs" → "docs/"; "" for the root; no ".." or backslashes. */
    static String directory(String value) {
        String d = value.replace('\\', '/').replaceAll("^(\\./)+", "").replaceAll("^/+|/+$", "");
        if (d.isEmpty() || d.equals(".")) {
            return "";
        }
        for (String segment : d.split("/")) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                throw ApiException.badRequest("repoProjectDirectory must be a folder inside the repository (got \""
                        + value + "\")");
            }
        }
        return d + "/";
    }
}
