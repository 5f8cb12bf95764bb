package io.bindery.content.templates;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Reads templates from classpath resources and checks them strictly: templates are part of the
 * product, so any mistake is a build error ({@link IllegalStateException}), never a half-loaded
 * template.
 *
 * <p>Layout under {@code root}:
 * <pre>
 * catalogue.properties          templates = id-1, id-2, ...   (order = display order)
 * &lt;id&gt;/template.properties      the manifest (format below)
 * &lt;id&gt;/...                       the markdown files the manifest names
 * </pre>
 * Manifest keys, where {@code <path>} is a page's slug prefixed by its ancestors' slugs and
 * {@code /} (e.g. {@code guides/first-project}):
 * <pre>
 * title, description            required
 * pages                         top-level slugs, comma-separated, in order (required)
 * page.&lt;path&gt;.title             required
 * page.&lt;path&gt;.file              markdown file relative to the template folder (required)
 * page.&lt;path&gt;.emoji             optional
 * page.&lt;path&gt;.pages             child slugs, comma-separated, in order (optional)
 * </pre>
 * Keys that no page uses are rejected, so a typo cannot silently drop a page's emoji or children.
 */
final class TemplateLoader {

    /** Lowercase letters and digits, in hyphen-separated words ("getting-started", "v2"). */
    static final Pattern SLUG = Pattern.compile("[a-z0-9]+(?:-[a-z0-9]+)*");

    private final ClassLoader classLoader;
    private final String templateFolder;
    private final String templateId;
    private final Properties manifest;
    /** Manifest keys read so far; whatever is left over at the end is a mistake. */
    private final Set<String> usedKeys = new HashSet<>();

    private TemplateLoader(ClassLoader classLoader, String templateFolder, String templateId, Properties manifest) {
        this.classLoader = classLoader;
        this.templateFolder = templateFolder;
        this.templateId = templateId;
        this.manifest = manifest;
    }

    /** Loads every template listed in {@code <root>/catalogue.properties}, in listed order. */
    static List<Template> load(ClassLoader classLoader, String root) {
        Properties catalogue = readProperties(classLoader, root + "/catalogue.properties", "catalogue");
        List<String> ids = splitList(catalogue.getProperty("templates"));
        if (ids.isEmpty()) {
            throw new IllegalStateException("Template catalogue " + root + "/catalogue.properties lists no templates");
        }
        Set<String> seen = new HashSet<>();
        List<Template> templates = new ArrayList<>();
        for (String id : ids) {
            if (!SLUG.matcher(id).matches()) {
                throw new IllegalStateException("Template id '" + id + "' must be lowercase a-z, 0-9 and hyphens");
            }
            if (!seen.add(id)) {
                throw new IllegalStateException("Template id '" + id + "' is listed twice in the catalogue");
            }
            String folder = root + "/" + id;
            Properties manifest = readProperties(classLoader, folder + "/template.properties", "template '" + id + "'");
            templates.add(new TemplateLoader(classLoader, folder, id, manifest).readTemplate());
        }
        return List.copyOf(templates);
    }

    private Template readTemplate() {
        String title = required("title");
        String description = required("description");
        List<TemplatePage> pages = readPages(required("pages"), "");
        if (pages.isEmpty()) {
            throw fail("lists no pages");
        }
        Set<String> unused = new TreeSet<>(manifest.stringPropertyNames());
        unused.removeAll(usedKeys);
        if (!unused.isEmpty()) {
            throw fail("has keys that belong to no page (typo or missing 'pages' entry?): " + unused);
        }
        return new Template(templateId, title, description, pages);
    }

    /** Reads the pages named in {@code slugList}, children of the page at {@code parentPath}. */
    private List<TemplatePage> readPages(String slugList, String parentPath) {
        List<String> slugs = splitList(slugList);
        Set<String> seen = new HashSet<>();
        List<TemplatePage> pages = new ArrayList<>();
        for (String slug : slugs) {
            String path = parentPath + slug;
            if (!SLUG.matcher(slug).matches()) {
                throw fail("page '" + path + "': slug must be lowercase a-z, 0-9 and hyphens");
            }
            if (!seen.add(slug)) {
                throw fail("page '" + path + "' is listed twice under the same parent");
            }
            pages.add(readPage(slug, path));
        }
        return pages;
    }

    private TemplatePage readPage(String slug, String path) {
        String key = "page." + path + ".";
        String title = required(key + "title");
        String emoji = optional(key + "emoji");
        String markdown = readMarkdown(required(key + "file"), path);
        String childList = optional(key + "pages");
        List<TemplatePage> children = childList == null ? List.of() : readPages(childList, path + "/");
        return new TemplatePage(title, slug, emoji, markdown, children);
    }

    private String readMarkdown(String file, String pagePath) {
        if (!file.endsWith(".md") || file.startsWith("/") || file.contains("..")) {
            throw fail("page '" + pagePath + "': file '" + file + "' must be a .md path inside the template folder");
        }
        String resource = templateFolder + "/" + file;
        try (InputStream in = classLoader.getResourceAsStream(resource)) {
            if (in == null) {
                throw fail("page '" + pagePath + "' names missing file '" + file + "'");
            }
            String markdown = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            if (markdown.isBlank()) {
                throw fail("page '" + pagePath + "' has an empty file '" + file + "'");
            }
            return markdown;
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read template resource " + resource, e);
        }
    }

    private String required(String key) {
        String value = optional(key);
        if (value == null) {
            throw fail("is missing required key '" + key + "'");
        }
        return value;
    }

    /** The trimmed value, or {@code null} when the key is absent or blank. */
    private String optional(String key) {
        usedKeys.add(key);
        String value = manifest.getProperty(key);
        return value == null || value.isBlank() ? null : value.strip();
    }

    private IllegalStateException fail(String problem) {
        return new IllegalStateException("Template '" + templateId + "' " + problem);
    }

    private static Properties readProperties(ClassLoader classLoader, String resource, String what) {
        try (InputStream in = classLoader.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("Missing manifest of " + what + ": " + resource);
            }
            // Properties files default to ISO-8859-1; ours are UTF-8 so titles can hold emoji.
            Properties properties = new Properties();
            try (Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
                properties.load(reader);
            }
            return properties;
        } catch (IOException | IllegalArgumentException e) {
            // IllegalArgumentException: Properties rejects a malformed unicode escape.
            throw new IllegalStateException("Cannot read template resource " + resource + ": " + e.getMessage(), e);
        }
    }

    private static List<String> splitList(String commaSeparated) {
        List<String> items = new ArrayList<>();
        if (commaSeparated == null) {
            return items;
        }
        for (String item : commaSeparated.split(",")) {
            if (!item.isBlank()) {
                items.add(item.strip());
            }
        }
        return items;
    }
}
