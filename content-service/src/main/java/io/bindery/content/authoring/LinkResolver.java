package io.bindery.content.authoring;

import io.bindery.content.domain.PageLink;
import io.bindery.document.MarkdownLinks;

import java.net.URI;
import java.util.ArrayList;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
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
        if (destination.isEmpty() || destination.startsWith("#") || hasScheme(destination)) {
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

    private static boolean hasScheme(String destination) {
        return destination.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*");
    }

    /** The links of stored (already resolved) markdown, in order. In-page anchors ({@code #x}) are not links. */
    public static List<PageLink> extract(String markdown) {
        List<PageLink> out = new ArrayList<>();
        for (MarkdownLinks.Link link : MarkdownLinks.find(markdown)) {
            String d = link.destination();
            if (d.isEmpty() || d.startsWith("#")) {
                continue;
            }
            int hash = d.indexOf('#');
            String target = hash < 0 ? d : d.substring(0, hash);
            String anchor = hash < 0 ? null : d.substring(hash + 1);
            if (target.startsWith("/pages/") && target.length() > "/pages/".length()) {
                out.add(new PageLink(PageLink.PAGE, target.substring("/pages/".length()), anchor));
            } else if (target.startsWith("/files/") && target.length() > "/files/".length()) {
                out.add(new PageLink(PageLink.FILE, target.substring("/files/".length()), null));
            } else if (hasScheme(d)) {
                out.add(new PageLink(PageLink.URL, d, null));
            } else if (target.endsWith(".md") || !target.startsWith("/")) {
                // a relative page link that matched no page when it was written: reported as broken
                out.add(new PageLink(PageLink.PAGE, target, anchor));
            } else {
                out.add(new PageLink(PageLink.URL, d, null));
            }
        }
        return out;
    }

    /** True for a URL into this Bindery's own app (reported as {@code in-app}). */
    public static boolean inApp(String url, String appBase) {
        try {
            URI u = URI.create(url);
            URI b = URI.create(appBase);
            return u.getHost() != null && u.getHost().equalsIgnoreCase(b.getHost()) && u.getPort() == b.getPort();
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
