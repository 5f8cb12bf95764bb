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
        String tree = body.string("repoTreeURL", 1, 2048, true).orElse(null);
        String commit = body.string("repoCommitURL", 1, 2048, true).orElse(null);
        return new Target(url, ref, dir, tree, commit, body.bool("force").orElse(false));
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
