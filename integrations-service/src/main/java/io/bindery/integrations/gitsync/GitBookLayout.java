package io.bindery.integrations.gitsync;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.bindery.document.GitBookFiles;
import io.bindery.document.LinkAddresses;
import io.bindery.document.MarkdownLinks;
import io.bindery.document.Slugs;
import org.commonmark.node.BulletList;
import org.commonmark.node.Code;
import org.commonmark.node.Heading;
import org.commonmark.node.Link;
import org.commonmark.node.ListItem;
import org.commonmark.node.Node;
import org.commonmark.node.OrderedList;
import org.commonmark.node.Paragraph;
import org.commonmark.node.Text;
import org.commonmark.parser.Parser;

import java.io.IOException;
import java.net.URLConnection;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * GitBook's repository layout, both ways, so that a repository GitBook wrote imports as it is and an export reads
 * back the same: {@code .gitbook.yaml} ({@code root}, {@code structure.readme}, {@code structure.summary}), the first
 * page as {@code README.md}, {@code SUMMARY.md} as the tree (nested lists of links, {@code ##} headings as groups,
 * absolute URLs as link pages), one {@code .md} per page ({@code <path>.md}, or {@code <path>/README.md} when it has
 * children) with front matter {@code description} and the title as its heading, files under
 * {@code .gitbook/assets/}, and links between pages and to files written relative to the page. Paths in the map are
 * relative to the project directory; a tree is a map of path to bytes.
 */
public final class GitBookLayout {
    public static final String CONFIG = ".gitbook.yaml";
    public static final String ASSETS = ".gitbook/assets/";
    private static final String README = "README.md";
    private static final String SUMMARY = "SUMMARY.md";

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES));
    private static final Pattern PAGE_LINK = Pattern.compile("/pages/([^#]+)(#.*)?");
    private static final Pattern FILE_LINK = Pattern.compile("/files/(.+)");
    private static final Pattern SCHEME = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*:.*");
    private static final Pattern FRONT_MATTER = Pattern.compile("\\A---\\r?\\n(.*?)\\r?\\n---[ \\t]*(?:\\r?\\n|\\z)",
            Pattern.DOTALL);
    private static final Pattern TITLE_HEADING = Pattern.compile("\\A(?:[ \\t]*\\r?\\n)*# +(.*?)[ \\t#]*(?:\\r?\\n|\\z)");

    /** A repository that does not have GitBook's layout where it should (a bad .gitbook.yaml, a root outside). */
    public static class LayoutException extends IllegalArgumentException {
        public LayoutException(String message) {
            super(message);
        }
    }

    private GitBookLayout() {
    }

    // ---------------------------------------------------------------- export

    /** The files of the layout for {@code snapshot}: path (relative to the project directory) to bytes. */
    public static Map<String, byte[]> write(SpaceSnapshot snapshot) {
        Map<String, String> assets = new LinkedHashMap<>();
        Set<String> used = new HashSet<>();
        Map<String, byte[]> out = new TreeMap<>();
        for (SpaceSnapshot.File f : snapshot.files()) {
            String name = safeName(f.name());
            int dot = name.lastIndexOf('.');
            String path = dot > 0 ? unique(ASSETS + name.substring(0, dot), name.substring(dot), used)
                    : unique(ASSETS + name, used);
            assets.put(f.id(), path);
            out.put(path, f.bytes());
        }
        List<SpaceSnapshot.Page> top = snapshot.pages();
        Map<String, String> pageFiles = GitBookFiles.place(entries(top), used);

        StringBuilder summary = new StringBuilder("# Table of contents\n");
        boolean inList = false;
        for (SpaceSnapshot.Page p : top) {
            if (p.kind() == SpaceSnapshot.Kind.GROUP) {
                summary.append("\n## ").append(p.title()).append("\n");
                inList = false;
                if (!p.pages().isEmpty()) {
                    summary.append('\n');
                    summaryItems(p.pages(), 0, pageFiles, summary);
                }
            } else {
                if (!inList) {
                    summary.append('\n');
                    inList = true;
                }
                summaryItems(List.of(p), 0, pageFiles, summary);
            }
        }
        out.put(SUMMARY, summary.toString().getBytes(StandardCharsets.UTF_8));
        out.put(CONFIG, ("root: ./\n\nstructure:\n  readme: " + README + "\n  summary: " + SUMMARY + "\n")
                .getBytes(StandardCharsets.UTF_8));
        writePages(top, pageFiles, assets, out);
        return out;
    }

    /** The tree as the layout's file rule reads it (shared with the reader's "Edit on Git"). */
    private static List<GitBookFiles.Entry> entries(List<SpaceSnapshot.Page> pages) {
        return pages.stream().map(p -> new GitBookFiles.Entry(p.id(), GitBookFiles.Kind.valueOf(p.kind().name()), p.path(),
                p.title(), entries(p.pages()))).toList();
    }

    private static void summaryItems(List<SpaceSnapshot.Page> pages, int depth, Map<String, String> pageFiles,
                                     StringBuilder out) {
        for (SpaceSnapshot.Page p : pages) {
            String target = switch (p.kind()) {
                case LINK -> p.href();
                case DOCUMENT -> pageFiles.get(p.id());
                // a group below the top has no form in SUMMARY.md: its children are listed in its place
                case GROUP -> null;
            };
            if (target == null) {
                summaryItems(p.pages(), depth, pageFiles, out);
                continue;
            }
            out.append("  ".repeat(depth)).append("* [").append(escapeText(p.title())).append("](")
                    .append(destination(target)).append(")\n");
            summaryItems(p.pages(), depth + 1, pageFiles, out);
        }
    }

    private static void writePages(List<SpaceSnapshot.Page> pages, Map<String, String> pageFiles,
                                   Map<String, String> assets, Map<String, byte[]> out) {
        for (SpaceSnapshot.Page p : pages) {
            String file = pageFiles.get(p.id());
            if (file != null) {
                StringBuilder text = new StringBuilder();
                if (p.description() != null && !p.description().isEmpty()) {
                    text.append("---\n").append(yaml(Map.of("description", p.description()))).append("---\n\n");
                }
                text.append("# ").append(p.title()).append("\n\n");
                String body = MarkdownLinks.rewrite(p.markdown(), link -> exportLink(link.destination(), file, pageFiles, assets));
                text.append(body);
                if (!body.isEmpty() && !body.endsWith("\n")) {
                    text.append('\n');
                }
                out.put(file, text.toString().getBytes(StandardCharsets.UTF_8));
            }
            writePages(p.pages(), pageFiles, assets, out);
        }
    }

    private static String exportLink(String destination, String from, Map<String, String> pageFiles,
                                     Map<String, String> assets) {
        Matcher page = PAGE_LINK.matcher(destination);
        if (page.matches() && pageFiles.containsKey(page.group(1))) {
            return relative(from, pageFiles.get(page.group(1))) + (page.group(2) == null ? "" : page.group(2));
        }
        Matcher file = FILE_LINK.matcher(destination);
        if (file.matches() && assets.containsKey(file.group(1))) {
            return relative(from, assets.get(file.group(1)));
        }
        return null;
    }

    // ---------------------------------------------------------------- import

    /** The space in a layout: {@code tree} maps paths relative to the project directory to their bytes. */
    public static SpaceSnapshot read(Map<String, byte[]> tree) {
        String root = "";
        String readmePath = README;
        String summaryPath = SUMMARY;
        if (tree.containsKey(CONFIG)) {
            JsonNode config;
            try {
                config = YAML.readTree(tree.get(CONFIG));
            } catch (IOException e) {
                throw new LayoutException(CONFIG + " is not valid YAML: " + e.getMessage().lines().findFirst().orElse(""));
            }
            if (config != null && config.isObject()) {
                root = directory(config.path("root").asText(""), CONFIG + " root");
                JsonNode structure = config.path("structure");
                readmePath = structure.path("readme").asText(README);
                summaryPath = structure.path("summary").asText(SUMMARY);
            }
        }
        Reader reader = new Reader(tree, root);
        String readme = normalize(root + readmePath);
        String summary = normalize(root + summaryPath);
        if (readme == null || summary == null) {
            throw new LayoutException(CONFIG + " structure: a path leaves the repository");
        }
        reader.files();
        if (tree.containsKey(summary)) {
            reader.summary(summary);
        } else {
            reader.flat(readme, summary);
        }
        if (tree.containsKey(readme) && !reader.pageFiles.contains(readme)) {
            reader.top.addFirst(reader.placeholder(readme, null));
        }
        return new SpaceSnapshot(reader.build(reader.top, null), reader.files);
    }

    /** The import's working state: pages are built as mutable drafts, then frozen with their markdown. */
    private static final class Reader {
        final Map<String, byte[]> tree;
        final String root;
        final List<Draft> top = new ArrayList<>();
        final Set<String> pageFiles = new HashSet<>();
        final List<SpaceSnapshot.File> files = new ArrayList<>();
        final Map<String, String> fileIds = new HashMap<>();
        final Set<String> usedPaths = new HashSet<>();
        int groups;
        int links;

        Reader(Map<String, byte[]> tree, String root) {
            this.tree = tree;
            this.root = root;
        }

        void files() {
            for (String path : new TreeMap<>(tree).keySet()) {
                if (path.startsWith(root + ASSETS) || (root.isEmpty() ? false : path.startsWith(ASSETS))) {
                    String id = path.startsWith(root) ? path.substring(root.length()) : path;
                    String name = path.substring(path.lastIndexOf('/') + 1);
                    String type = URLConnection.getFileNameMap().getContentTypeFor(name);
                    files.add(new SpaceSnapshot.File(id, name, type == null ? "application/octet-stream" : type, tree.get(path)));
                    fileIds.put(path, id);
                }
            }
        }

        void summary(String summaryPath) {
            String dir = summaryPath.contains("/") ? summaryPath.substring(0, summaryPath.lastIndexOf('/') + 1) : "";
            Node doc = Parser.builder().build().parse(utf8(tree.get(summaryPath)));
            List<Draft> into = top;
            for (Node n = doc.getFirstChild(); n != null; n = n.getNext()) {
                if (n instanceof Heading h && h.getLevel() >= 2) {
                    String title = text(h).trim();
                    Draft group = new Draft(SpaceSnapshot.Kind.GROUP, "group-" + (++groups), title,
                            uniquePath(Slugs.of(title)));
                    top.add(group);
                    into = group.pages;
                } else if (n instanceof BulletList || n instanceof OrderedList) {
                    items(n, dir, into);
                }
            }
        }

        private void items(Node list, String dir, List<Draft> into) {
            for (Node item = list.getFirstChild(); item != null; item = item.getNext()) {
                if (!(item instanceof ListItem)) {
                    continue;
                }
                List<Draft> children = into;
                Node first = item.getFirstChild();
                Link link = first instanceof Paragraph ? firstLink(first) : null;
                if (link != null) {
                    Draft page = entry(link, dir);
                    if (page != null) {
                        into.add(page);
                        children = page.pages;
                    }
                }
                for (Node sub = item.getFirstChild(); sub != null; sub = sub.getNext()) {
                    if (sub instanceof BulletList || sub instanceof OrderedList) {
                        items(sub, dir, children);
                    }
                }
            }
        }

        private Draft entry(Link link, String dir) {
            String title = text(link).trim();
            String destination = link.getDestination();
            if (SCHEME.matcher(destination).matches() || destination.startsWith("//")) {
                if (LinkAddresses.isRunnable(destination)) {
                    return null; // a javascript: or data: entry is no page a reader may follow: content refuses it
                }
                Draft d = new Draft(SpaceSnapshot.Kind.LINK, "link-" + (++links), title, null);
                d.href = destination;
                return d;
            }
            String path = resolve(dir, decode(stripAnchor(destination)));
            if (path == null || !pageFiles.add(path)) {
                return null; // outside the repository, or listed twice: GitBook keeps the first
            }
            return placeholder(path, title);
        }

        Draft placeholder(String file, String title) {
            Draft d = new Draft(SpaceSnapshot.Kind.DOCUMENT, file.substring(root.length()), title, null);
            d.file = file;
            pageFiles.add(file);
            return d;
        }

        /** Without a SUMMARY.md: the README first, then every other page file in path order. */
        void flat(String readme, String summary) {
            for (String path : new TreeMap<>(tree).keySet()) {
                if (path.startsWith(root) && path.endsWith(".md") && !path.equals(readme) && !path.equals(summary)
                        && !path.substring(root.length()).startsWith(".gitbook/")) {
                    top.add(placeholder(path, null));
                }
            }
        }

        /**
         * The drafts as pages under {@code parentPath} (null: the top). A link has no file, so its path is where the
         * space puts it, its title's slug under its parent: that is how a later import finds it again.
         */
        List<SpaceSnapshot.Page> build(List<Draft> drafts, String parentPath) {
            List<SpaceSnapshot.Page> out = new ArrayList<>();
            for (Draft d : drafts) {
                if (d.kind == SpaceSnapshot.Kind.DOCUMENT) {
                    page(d);
                } else if (d.kind == SpaceSnapshot.Kind.LINK) {
                    d.path = uniquePath((parentPath == null ? "" : parentPath + "/") + Slugs.of(d.title));
                }
                out.add(new SpaceSnapshot.Page(d.id, d.kind, d.title, d.path, d.description, d.markdown, d.href,
                        build(d.pages, d.path)));
            }
            return out;
        }

        /** Reads a page's file: front matter, the title heading, links made Bindery's. */
        private void page(Draft d) {
            String text = tree.containsKey(d.file) ? utf8(tree.get(d.file)) : "";
            Matcher fm = FRONT_MATTER.matcher(text);
            if (fm.find()) {
                try {
                    JsonNode meta = YAML.readTree(fm.group(1));
                    if (meta != null && meta.path("description").isTextual()) {
                        d.description = meta.path("description").asText();
                    }
                } catch (IOException e) {
                    throw new LayoutException(d.file + ": the front matter is not valid YAML: " + e.getMessage());
                }
                text = text.substring(fm.end());
            }
            Matcher heading = TITLE_HEADING.matcher(text);
            if (heading.find()) {
                if (d.title == null || d.title.isEmpty()) {
                    d.title = heading.group(1).trim();
                }
                text = text.substring(heading.end()).replaceFirst("\\A(?:[ \\t]*\\r?\\n)+", "");
            }
            if (d.title == null || d.title.isEmpty()) {
                String name = d.file.substring(d.file.lastIndexOf('/') + 1).replaceFirst("\\.md$", "");
                d.title = name.equals("README") && d.file.contains("/")
                        ? d.file.substring(0, d.file.lastIndexOf('/')).replaceFirst(".*/", "") : name;
            }
            d.path = uniquePath(pagePath(d));
            String dir = d.file.contains("/") ? d.file.substring(0, d.file.lastIndexOf('/') + 1) : "";
            d.markdown = MarkdownLinks.rewrite(text, link -> importLink(link.destination(), dir));
        }

        private String pagePath(Draft d) {
            String rel = d.file.substring(root.length()).replaceFirst("\\.md$", "");
            if (rel.equals("README")) {
                return Slugs.of(d.title);
            }
            rel = rel.replaceFirst("/README$", "");
            List<String> segments = new ArrayList<>();
            for (String s : rel.split("/")) {
                segments.add(Slugs.of(s));
            }
            return String.join("/", segments);
        }

        private String uniquePath(String path) {
            String p = path;
            for (int n = 2; !usedPaths.add(p); n++) {
                p = path + "-" + n;
            }
            return p;
        }

        private String importLink(String destination, String dir) {
            if (destination.isEmpty() || destination.startsWith("#") || SCHEME.matcher(destination).matches()
                    || destination.startsWith("//")) {
                return null;
            }
            int hash = destination.indexOf('#');
            String anchor = hash < 0 ? "" : destination.substring(hash);
            String target = decode(hash < 0 ? destination : destination.substring(0, hash));
            String path = target.startsWith("/") ? normalize(root + target.substring(1)) : resolve(dir, target);
            if (path == null) {
                return null;
            }
            if (fileIds.containsKey(path)) {
                return "/files/" + fileIds.get(path);
            }
            for (String candidate : List.of(path, path + (path.endsWith("/") ? "" : "/") + README, path + ".md")) {
                String c = candidate.replace("//", "/");
                if (pageFiles.contains(c)) {
                    return "/pages/" + c.substring(root.length()) + anchor;
                }
            }
            return null;
        }
    }

    private static final class Draft {
        final SpaceSnapshot.Kind kind;
        final String id;
        final List<Draft> pages = new ArrayList<>();
        String title;
        String path;
        String file;
        String description;
        String markdown = "";
        String href;

        Draft(SpaceSnapshot.Kind kind, String id, String title, String path) {
            this.kind = kind;
            this.id = id;
            this.title = title;
            this.path = path;
        }
    }

    // ---------------------------------------------------------------- paths and text

    private static String unique(String base, Set<String> used) {
        return unique(base, "", used);
    }

    private static String unique(String base, String suffix, Set<String> used) {
        return GitBookFiles.unique(base, suffix, used);
    }

    /** A file name safe as one path segment; GitBook keeps spaces, so do we. */
    private static String safeName(String name) {
        String n = name == null ? "" : name.replace('/', '-').replace('\\', '-').trim();
        return n.isEmpty() || n.equals(".") || n.equals("..") ? "file" : n;
    }

    /** The relative path from the file {@code from} to the file {@code to}, both relative to the same root. */
    static String relative(String from, String to) {
        String[] a = from.split("/");
        String[] b = to.split("/");
        int common = 0;
        while (common < a.length - 1 && common < b.length - 1 && a[common].equals(b[common])) {
            common++;
        }
        StringBuilder out = new StringBuilder();
        for (int i = common; i < a.length - 1; i++) {
            out.append("../");
        }
        for (int i = common; i < b.length; i++) {
            out.append(b[i]).append(i < b.length - 1 ? "/" : "");
        }
        return out.toString();
    }

    /** {@code target} resolved against {@code dir} ("" or ending with "/"); null when it leaves the repository. */
    static String resolve(String dir, String target) {
        return normalize(dir + target);
    }

    /** "a/./b/../c" → "a/c"; null when ".." leaves the root. */
    static String normalize(String path) {
        List<String> out = new ArrayList<>();
        for (String s : path.split("/", -1)) {
            if (s.isEmpty() || s.equals(".")) {
                continue;
            }
            if (s.equals("..")) {
                if (out.isEmpty()) {
                    return null;
                }
                out.removeLast();
            } else {
                out.add(s);
            }
        }
        return String.join("/", out) + (path.endsWith("/") && !out.isEmpty() ? "/" : "");
    }

    private static String directory(String value, String what) {
        String n = normalize(value.trim());
        if (n == null) {
            throw new LayoutException(what + " \"" + value + "\" leaves the repository");
        }
        return n.isEmpty() || n.endsWith("/") ? n : n + "/";
    }

    private static String stripAnchor(String destination) {
        int hash = destination.indexOf('#');
        return hash < 0 ? destination : destination.substring(0, hash);
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return s;
        }
    }

    /** A SUMMARY.md destination, in angle brackets where a space or parenthesis would end it. */
    private static String destination(String target) {
        return target.matches(".*[\\s()<>].*") ? "<" + target.replace("<", "%3C").replace(">", "%3E") + ">" : target;
    }

    private static String escapeText(String title) {
        return title.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]");
    }

    private static String yaml(Map<String, String> values) {
        try {
            return YAML.writeValueAsString(values);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String utf8(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private static Link firstLink(Node paragraph) {
        for (Node n = paragraph.getFirstChild(); n != null; n = n.getNext()) {
            if (n instanceof Link l) {
                return l;
            }
        }
        return null;
    }

    private static String text(Node node) {
        StringBuilder out = new StringBuilder();
        for (Node n = node.getFirstChild(); n != null; n = n.getNext()) {
            if (n instanceof Text t) {
                out.append(t.getLiteral());
            } else if (n instanceof Code c) {
                out.append(c.getLiteral());
            } else {
                out.append(text(n));
            }
        }
        return out.toString();
    }
}
