package io.bindery.content.authoring;

import io.bindery.content.revisions.StoredLinks;
import io.bindery.document.MarkdownLinks;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;

/**
 * Links in page markdown. At write time, the forms a writer may use (page id, slug path, git path, relative
 * {@code .md} path, a file's {@code ref} from the same batch) are rewritten to the canonical {@code /pages/<id>}
 * and {@code /files/<id>}, which survive renames and moves. Stored links are then extracted for the links,
 * backlinks and broken-link queries. A link that matches nothing is left as written.
 */
public final class LinkResolver {
    private LinkResolver() {
    }

    /** The markdown of {@code page} with its links resolved against the tree as it stands after the batch. */
    public static String resolve(String markdown, WorkingTree tree, WorkingTree.Draft page, Map<String, String> fileRefs,
                                 Map<String, String> pageRefs) {
        return MarkdownLinks.rewrite(markdown, link -> canonical(link.destination(), tree, page, fileRefs, pageRefs));
    }

    private static String canonical(String destination, WorkingTree tree, WorkingTree.Draft page,
                                    Map<String, String> fileRefs, Map<String, String> pageRefs) {
        if (destination.isEmpty() || destination.startsWith("#") || StoredLinks.hasScheme(destination)) {
            return null;
        }
        int hash = destination.indexOf('#');
        String target = hash < 0 ? destination : destination.substring(0, hash);
        String anchor = hash < 0 ? "" : destination.substring(hash);
        String refName = target.startsWith("./") ? target.substring(2) : target;
        if (fileRefs.containsKey(refName)) {
            return "/files/" + fileRefs.get(refName);
        }
        if (pageRefs.containsKey(refName)) {
            return "/pages/" + pageRefs.get(refName) + anchor;
        }
        WorkingTree.Draft found;
        if (target.startsWith("/pages/")) {
            String rest = target.substring("/pages/".length());
            found = tree.get(rest);
            if (found == null) {
                found = byGitPath(tree, rest);
            }
        } else if (target.startsWith("/")) {
            return null;
        } else {
            String base = tree.gitPath(page);
            String dir = base.contains("/") ? base.substring(0, base.lastIndexOf('/')) : "";
            String joined = normalize(dir.isEmpty() ? target : dir + "/" + target);
            found = joined == null ? null : byGitPath(tree, joined);
        }
        return found == null ? null : "/pages/" + found.pageId() + anchor;
    }

    private static WorkingTree.Draft byGitPath(WorkingTree tree, String path) {
        String p = path.replaceAll("^/+|/+$", "");
        if (p.isEmpty() || p.equals("README.md")) {
            return tree.firstRoot();
        }
        if (p.endsWith("/README.md")) {
            return tree.byPath(p.substring(0, p.length() - "/README.md".length()));
        }
        return tree.byPath(p.endsWith(".md") ? p.substring(0, p.length() - 3) : p);
    }

    /** Resolves {@code .} and {@code ..} segments; null when the path climbs above the root. */
    static String normalize(String path) {
        Deque<String> parts = new ArrayDeque<>();
        for (String part : path.split("/")) {
            if (part.isEmpty() || part.equals(".")) {
                continue;
            }
            if (part.equals("..")) {
                if (parts.isEmpty()) {
                    return null;
                }
                parts.removeLast();
            } else {
                parts.addLast(part);
            }
        }
        return String.join("/", parts);
    }
}
