package io.bindery.sites.reader;

import io.bindery.contracts.content.RevisionPage;
import io.bindery.contracts.content.RevisionTree;
import io.bindery.sites.cache.VersionedCache;
import io.bindery.sites.client.ContentClient;
import io.bindery.sites.customization.SiteCustomizations;
import io.bindery.sites.published.PublishedSites;
import io.bindery.sites.site.SiteRecord;
import io.bindery.sites.site.SiteVisibility;
import io.bindery.sites.sitespace.SiteSpaceRecord;
import io.bindery.sites.sitespace.SpaceGitLinks;
import io.bindery.sites.sitespace.SpaceSources;
import io.bindery.sites.structure.SectionTabs;
import io.bindery.sites.structure.StructureItemRecord;
import io.bindery.sites.site.SiteLookup;
import io.bindery.sites.sitespace.SiteSpaceRows;
import io.quarkus.qute.RawString;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.transaction.Transactional;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The published site as web pages: which site a request names, whether the visitor may read it (the same rules as
 * {@code GET …/published}), which section, site space and page the rest of the path names, and the page as the
 * template shows it. Addresses: {@code /s/<site id or basename>/[<section path>/][<site space path>/]<page path>}; the
 * default section and the default site space of a section have no path segment of their own.
 * <p>
 * Content is read from content-service by revision (a revision never changes): the page tree and each rendered page
 * are kept by revision, so a merge, which moves the space to a new revision, shows at once and costs one read.
 */
@ApplicationScoped
public class Reader {
    @Inject
    PublishedSites published;
    @Inject
    SpaceSources sources;
    @Inject
    SiteLookup siteLookup;
    @Inject
    SiteSpaceRows siteSpaceRows;
    @Inject
    ContentClient content;
    @Inject
    SiteCustomizations customizations;
    @Inject
    SpaceGitLinks gitLinks;

    final VersionedCache<RevisionTree> trees = new VersionedCache<>(2000);
    private final VersionedCache<PageRenderer.Rendered> pages = new VersionedCache<>(20_000);
    /** Each page's file in a synced repository's GitBook layout, by space and revision ("Edit on Git"). */
    private final VersionedCache<Map<String, String>> gitFiles = new VersionedCache<>(2000);

    /**
     * Which site a request names: by id or basename under {@code /s/<key>/}, or by its own hostname (a request whose
     * Host is the site's, served at {@code /}). {@link #base()} is the address prefix of every page of the site.
     */
    public record SiteRef(String key, boolean byHost) {
        public static SiteRef path(String key) {
            return new SiteRef(key, false);
        }

        public static SiteRef host(String hostname) {
            return new SiteRef(hostname, true);
        }

        public String base() {
            return byHost ? "/" : "/s/" + key + "/";
        }
    }

    /** How a request reached the reader: the site and the rest of the path, and what the visitor brought. */
    public record Request(SiteRef site, String rest, String shareKey, String jwtToken, Map<String, String> unsignedClaims) {
    }

    /** A page to show, or why not. */
    public sealed interface Outcome permits Page, NotFound, Resolved, SearchPage {
    }

    /**
     * {@code site} is the site shown; {@code revision} what the page was read from; {@code lastModified} the later of
     * the revision's and the site's last change (null when content did not say when the revision was made).
     */
    public record Page(SiteRecord site, String revision, ReaderModel model, java.time.Instant lastModified) implements Outcome {
    }

    public record NotFound(String message, SiteRecord site) implements Outcome {
    }

    /**
     * The site a reference names: by hostname, the oldest published site with it; by key, its id, else the oldest
     * published site with that basename.
     */
    @Transactional
    public Optional<SiteRecord> site(SiteRef ref) {
        String key = ref.key();
        if (ref.byHost()) {
            return siteLookup.publishedByHostname(key);
        }
        return siteLookup.byIdOrPublishedBasename(key);
    }

    /** What the database says a request names; read in one short transaction, before content is asked. */
    record Resolved(SiteRecord site, List<StructureItemRecord> sections, List<SectionTabs.Tab> tabs, StructureItemRecord section,
                            List<SiteSpaceRecord> variants, SiteSpaceRecord siteSpace, String revision, Map<String, String> titles,
                            String base, String spaceBase, String path, int consumed, java.util.Set<String> named,
                            SpaceGitLinks.GitLink git) implements Outcome {
        /** The space the page is read from. */
        String spaceId() {
            return siteSpace.spaceId();
        }

        /** The same site space at another page path. */
        Resolved at(String otherPath) {
            return new Resolved(site, sections, tabs, section, variants, siteSpace, revision, titles, base, spaceBase, otherPath,
                    consumed, named, git);
        }
    }

    /**
     * A visitor's resolutions of the last {@link RecentPages#TTL_NANOS} (like the reader's answers), by the address
     * segments they took as section and site space ({@link Resolved#consumed}: none for the default ones), so that
     * reading many pages of a site costs the database once a second per visitor and site space instead of once a
     * page. One is reused for an address that starts with the same segments and whose next segment would not name a
     * section or site space ({@link Resolved#named}); any other address is resolved anew.
     */
    private record Kept(long madeAt, Resolved resolved) {
    }

    private record KeptKey(SiteRef site, String shareKey, String jwtToken, Map<String, String> unsignedClaims, String prefix) {
    }

    private final Map<KeptKey, Kept> kept = new java.util.concurrent.ConcurrentHashMap<>();
    /**
     * Resolutions one request is making anew right now: meanwhile the others use the old one, as {@link RecentPages}
     * does with answers. Without this, every request that came in while a site's resolution was being made anew made it
     * too (a 5,000-page space read page after page by 32 connections: a third of sites' CPU went to those reads).
     */
    private final java.util.Set<KeptKey> refreshing = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** A kept resolution that fits an address: under which key, and whether it is of the last second. */
    private record Found(KeptKey key, Kept kept, boolean fresh) {
        Resolved at(List<String> segments) {
            int k = kept.resolved().consumed();
            return kept.resolved().at(String.join("/", segments.subList(k, segments.size())));
        }
    }

    /** {@link #resolve} in its own short transaction, or the same visitor's resolution of the last second. */
    Outcome resolveKept(Request request) {
        List<String> segments = Arrays.stream(request.rest().split("/")).filter(x -> !x.isEmpty()).toList();
        long now = System.nanoTime();
        Found found = found(request, segments, now);
        if (found != null && found.fresh()) {
            return found.at(segments);
        }
        KeptKey old = found == null ? null : found.key();
        if (old != null && !refreshing.add(old)) {
            return found.at(segments); // another request is making it anew
        }
        try {
            Outcome outcome = QuarkusTransaction.requiringNew().call(() -> resolve(request));
            if (old != null) {
                // made anew: under another key when the address now names another section or site space, or gone
                kept.remove(old, found.kept());
            }
            if (outcome instanceof Resolved r) {
                if (kept.size() >= 10_000) {
                    kept.clear();
                }
                // dated when the reads began: what they saw is at least that old
                kept.put(keptKey(request, String.join("/", segments.subList(0, r.consumed()))), new Kept(now, r));
            }
            return outcome;
        } finally {
            if (old != null) {
                refreshing.remove(old);
            }
        }
    }

    /**
     * The same visitor's resolution of the last second for this address (or the one before while another request makes
     * it anew), without asking the database (null when there is none): cheap, safe on the event loop.
     */
    Resolved keptResolution(Request request) {
        List<String> segments = Arrays.stream(request.rest().split("/")).filter(x -> !x.isEmpty()).toList();
        Found found = found(request, segments, System.nanoTime());
        return found != null && (found.fresh() || refreshing.contains(found.key())) ? found.at(segments) : null;
    }

    /** The kept resolution that fits this address: one of the last second first, else an older one; null when none. */
    private Found found(Request request, List<String> segments, long now) {
        Found old = null;
        for (int k = 0; k <= Math.min(2, segments.size()); k++) {
            KeptKey key = keptKey(request, String.join("/", segments.subList(0, k)));
            Kept e = kept.get(key);
            if (e != null && e.resolved().consumed() == k
                    && (segments.size() == k || !e.resolved().named().contains(segments.get(k)))) {
                if (now - e.madeAt() < RecentPages.TTL_NANOS) {
                    return new Found(key, e, true);
                }
                old = old == null ? new Found(key, e, false) : old;
            }
        }
        return old;
    }

    private static KeptKey keptKey(Request request, String prefix) {
        return new KeptKey(request.site(), request.shareKey(), request.jwtToken(), request.unsignedClaims(), prefix);
    }

    /** The page a request names, or why there is none. Content is called outside any transaction. */
    public Outcome read(Request request) {
        Outcome resolved = resolveKept(request);
        if (!(resolved instanceof Resolved r)) {
            return resolved;
        }
        String spaceId = r.spaceId();
        RevisionTree tree = tree(spaceId, r.revision());
        List<RevisionTree.Page> documents = tree.pages().stream().filter(p -> "document".equals(p.kind()) && !p.hidden()).toList();
        Optional<RevisionTree.Page> page = pageAt(tree, r.path());
        if (page.isEmpty()) {
            return new NotFound("There is no page at this address.", r.site());
        }
        RevisionTree.Page shown = page.get();
        PageRenderer.Rendered rendered = pages.get(spaceId + "/" + shown.id(), r.revision(), () -> {
            Map<String, RevisionTree.Page> byId = new HashMap<>();
            tree.pages().forEach(p -> byId.put(p.id(), p));
            RevisionPage source = content.page(spaceId, r.revision(), shown.id());
            String files = r.base() + FILES + spaceId + "/" + r.revision() + "/";
            return PageRenderer.render(source.markdown(), shown.title(),
                    id -> byId.containsKey(id) ? r.spaceBase() + byId.get(id).path() : null,
                    id -> files + id);
        });
        java.time.Instant modified = tree.createdAt() == null ? null
                : r.site().updatedAt() != null && r.site().updatedAt().isAfter(tree.createdAt()) ? r.site().updatedAt() : tree.createdAt();
        if (modified != null && r.git() != null && r.git().updatedAt().isAfter(modified)) {
            modified = r.git().updatedAt(); // the link appeared or moved since
        }
        return new Page(r.site(), r.revision(), model(r, tree, documents, shown, rendered).updatedAt(tree.createdAt())
                .editUrl(editUrl(r, tree, shown)), modified);
    }

    /**
     * Where the shown page's file is seen in the synced repository: the space's link prefix and the file the export
     * writes the page to (GitBook's layout); null when the space is not synced with a public address.
     */
    private String editUrl(Resolved r, RevisionTree tree, RevisionTree.Page shown) {
        if (r.git() == null) {
            return null;
        }
        String file = gitFiles.get(r.spaceId(), r.revision(), () -> io.bindery.document.GitBookFiles.place(entries(tree.pages())))
                .get(shown.id());
        return file == null ? null : r.git().fileUrl() + encodePath(file);
    }

    /** The flat tree (tree order, depths) as nested entries for the layout's file rule. */
    static List<io.bindery.document.GitBookFiles.Entry> entries(List<RevisionTree.Page> pages) {
        List<String> parents = parents(pages);
        Map<String, List<RevisionTree.Page>> children = new HashMap<>();
        List<RevisionTree.Page> top = new ArrayList<>();
        for (int i = 0; i < pages.size(); i++) {
            String parent = parents.get(i);
            (parent == null ? top : children.computeIfAbsent(parent, k -> new ArrayList<>())).add(pages.get(i));
        }
        return entries(top, children);
    }

    private static List<io.bindery.document.GitBookFiles.Entry> entries(List<RevisionTree.Page> pages,
                                                                        Map<String, List<RevisionTree.Page>> children) {
        return pages.stream().map(p -> new io.bindery.document.GitBookFiles.Entry(p.id(), kind(p.kind()), p.path(), p.title(),
                entries(children.getOrDefault(p.id(), List.of()), children))).toList();
    }

    private static io.bindery.document.GitBookFiles.Kind kind(String kind) {
        return switch (kind == null ? "" : kind) {
            case "group" -> io.bindery.document.GitBookFiles.Kind.GROUP;
            case "link" -> io.bindery.document.GitBookFiles.Kind.LINK;
            default -> io.bindery.document.GitBookFiles.Kind.DOCUMENT;
        };
    }

    /** A repository path with each segment percent-encoded as a URL path segment. */
    static String encodePath(String path) {
        StringBuilder out = new StringBuilder();
        for (byte b : path.getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if (Character.isLetterOrDigit(c) && c < 128 || "-._~/".indexOf(c) >= 0) {
                out.append(c);
            } else {
                out.append('%').append(String.format("%02X", b & 0xff));
            }
        }
        return out.toString();
    }

    /** A revision's page tree, read from content once per revision. */
    RevisionTree tree(String spaceId, String revision) {
        return trees.get(spaceId, revision, () -> content.tree(spaceId, revision));
    }

    /** The document at {@code path} of a tree (its first shown document for the empty path), hidden ones included. */
    static Optional<RevisionTree.Page> pageAt(RevisionTree tree, String path) {
        return path.isEmpty() ? tree.pages().stream().filter(p -> "document".equals(p.kind()) && !p.hidden()).findFirst()
                : tree.pages().stream().filter(p -> "document".equals(p.kind()) && path.equals(p.path())).findFirst();
    }

    Outcome resolve(Request request) {
        Optional<SiteRecord> found = site(request.site()).filter(SiteRecord::published);
        if (found.isEmpty()) {
            return new NotFound("This site does not exist or is not published.", null);
        }
        SiteRecord site = found.get();
        Optional<Predicate<String>> visitor = published.visitor(site, request.shareKey(), request.jwtToken(), request.unsignedClaims());
        if (visitor.isEmpty()) {
            return new NotFound("This site does not exist or is not published.", null);
        }
        Predicate<String> holds = visitor.get();
        String base = request.site().base();
        List<String> segments = new ArrayList<>(Arrays.stream(request.rest().split("/")).filter(x -> !x.isEmpty()).toList());
        int asked = segments.size();

        // the section: named by the first segment, else the default one (the first visible when it is hidden)
        PublishedSites.VisibleStructure visible = published.visibleStructure(site, holds);
        Map<String, List<StructureItemRecord>> byParent = visible.byParent();
        List<StructureItemRecord> sections = SectionTabs.sections(byParent, PublishedSites.ROOT);
        boolean hasSections = visible.hasSections();
        StructureItemRecord section = null;
        if (hasSections) {
            if (sections.isEmpty()) {
                return new NotFound("Nothing on this site is shown to you.", site);
            }
            Optional<StructureItemRecord> named = segments.isEmpty() ? Optional.empty()
                    : sections.stream().filter(s -> segments.get(0).equals(s.path())).findFirst();
            if (named.isPresent()) {
                segments.remove(0);
            }
            section = named.orElseGet(() -> sections.stream().filter(StructureItemRecord::isDefault).findFirst().orElse(sections.get(0)));
        }
        String sectionId = section == null ? null : section.id();
        List<SiteSpaceRecord> variants = siteSpaceRows.siblingRecords(site, sectionId).stream().filter(r -> !r.draft() && (r.condition() == null || holds.test(r.condition()))).toList();
        if (variants.isEmpty()) {
            return new NotFound("Nothing on this site is shown to you.", site);
        }
        Optional<SiteSpaceRecord> namedVariant = segments.isEmpty() ? Optional.empty()
                : variants.stream().filter(r -> !r.isDefault() && segments.get(0).equals(r.path())).findFirst();
        if (namedVariant.isPresent()) {
            segments.remove(0);
        }
        SiteSpaceRecord siteSpace = namedVariant.orElseGet(() -> variants.stream().filter(SiteSpaceRecord::isDefault).findFirst().orElse(variants.get(0)));
        String sectionBase = base + (section == null || section.isDefault() ? "" : section.path() + "/");
        String spaceBase = sectionBase + (siteSpace.isDefault() ? "" : siteSpace.path() + "/");
        String spaceId = siteSpace.spaceId();
        Optional<String> revision = sources.revision(spaceId);
        if (revision.isEmpty()) {
            return new NotFound("This space has no content yet.", site);
        }
        Map<String, String> titles = new HashMap<>();
        sources.find(variants.stream().map(SiteSpaceRecord::spaceId).toList()).forEach((id, space) -> titles.put(id, space.title()));
        // what the next segment would have named instead of a page: a section (when none was named) or a site space
        // of the section (when none was named either)
        int consumed = asked - segments.size();
        java.util.Set<String> names = new java.util.HashSet<>();
        if (namedVariant.isEmpty()) {
            variants.forEach(v -> names.add(v.isDefault() ? null : v.path()));
            if (consumed == 0) {
                sections.forEach(s -> names.add(s.path()));
            }
            names.remove(null);
        }
        List<SectionTabs.Tab> tabs = sections.size() < 2 ? List.of() : SectionTabs.tabs(byParent, section == null ? null : section.id(), base);
        return new Resolved(site, sections, tabs, section, variants, siteSpace, revision.get(), titles, base, spaceBase,
                String.join("/", segments), consumed, names, gitLinks.of(spaceId).orElse(null));
    }

    /** The path segment under a site's base where files (images of pages) are served, by space and revision. */
    static final String FILES = "~files/";
    /** The search results page under a site's base. */
    static final String SEARCH = "~search";
    /** Results shown per site space. */
    static final int SEARCH_PAGES_PER_SPACE = 10;

    /** Where one live site space's pages are: its space, the revision shown, the address prefix of its pages. */
    record Listed(String spaceId, String revision, String spaceBase, String title, String sectionTitle) {
    }

    /**
     * The site spaces a visitor sees, in structure order, across every section shown to it: not draft, with a
     * condition that holds for the visitor, with content. Runs inside a transaction.
     */
    private List<Listed> visibleSpaces(SiteRecord site, Predicate<String> holds, String base) {
        PublishedSites.VisibleStructure visible = published.visibleStructure(site, holds);
        List<StructureItemRecord> owners = new ArrayList<>(SectionTabs.sections(visible.byParent(), PublishedSites.ROOT));
        if (!visible.hasSections()) {
            owners.add(null);
        }
        // one query for the site's site spaces and one for their revisions, however many sections and spaces it has
        Map<String, List<SiteSpaceRecord>> bySection = new HashMap<>();
        for (SiteSpaceRecord r : siteSpaceRows.records(site)) {
            bySection.computeIfAbsent(r.sectionId() == null ? "" : r.sectionId(), k -> new ArrayList<>()).add(r);
        }
        List<SiteSpaceRecord> rows = new ArrayList<>();
        List<String> bases = new ArrayList<>();
        List<String> sectionTitles = new ArrayList<>();
        for (StructureItemRecord section : owners) {
            String sectionTitle = section == null ? null : section.title();
            String sectionBase = base + (section == null || section.isDefault() ? "" : section.path() + "/");
            for (SiteSpaceRecord r : bySection.getOrDefault(section == null ? "" : section.id(), List.of())) {
                if (!r.draft() && (r.condition() == null || holds.test(r.condition()))) {
                    rows.add(r);
                    bases.add(sectionBase + (r.isDefault() ? "" : r.path() + "/"));
                    sectionTitles.add(sectionTitle);
                }
            }
        }
        List<String> ids = rows.stream().map(SiteSpaceRecord::spaceId).toList();
        Map<String, io.bindery.contracts.content.SpaceData> spaces = sources.find(ids);
        Map<String, String> revisions = sources.revisions(ids);
        List<Listed> out = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            SiteSpaceRecord r = rows.get(i);
            String revision = revisions.get(r.spaceId());
            if (revision != null) {
                var space = spaces.get(r.spaceId());
                out.add(new Listed(r.spaceId(), revision, bases.get(i),
                        r.title() != null ? r.title() : space != null ? space.title() : r.path(), sectionTitles.get(i)));
            }
        }
        return out;
    }

    /** The site a request names and the visitor's condition test, when the visitor may read it; in a transaction. */
    Optional<Visit> visit(Request request) {
        Optional<SiteRecord> found = site(request.site()).filter(SiteRecord::published);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        return published.visitor(found.get(), request.shareKey(), request.jwtToken(), request.unsignedClaims())
                .map(holds -> new Visit(found.get(), holds, visibleSpaces(found.get(), holds, request.site().base())));
    }

    record Visit(SiteRecord site, Predicate<String> holds, List<Listed> spaces) {
    }

    /**
     * A file of a page (an image), for a visitor who may read the site, of a space the visitor sees on it; the revision
     * is any of that space's (content refuses another space's). Empty otherwise.
     */
    public Optional<ServedFile> file(Request request, String spaceId, String revision, String fileId) {
        Optional<Visit> visit = QuarkusTransaction.requiringNew().call(() -> visit(request));
        if (visit.isEmpty() || visit.get().spaces().stream().noneMatch(l -> l.spaceId().equals(spaceId))) {
            return Optional.empty();
        }
        try {
            ContentClient.FileBytes bytes = content.file(spaceId, revision, fileId);
            return Optional.of(new ServedFile(bytes.bytes(), bytes.contentType(), visit.get().site()));
        } catch (io.bindery.commons.errors.ApiException e) {
            if (e.status() == 404) {
                return Optional.empty();
            }
            throw e;
        }
    }

    public record ServedFile(byte[] bytes, String contentType, SiteRecord site) {
    }

    /** The search results page: the query run over the site spaces the visitor sees, each hit at its published address. */
    public Outcome search(Request request, String query) {
        return search(request, query, QuarkusTransaction.requiringNew().call(() -> visit(request)));
    }

    /** The same with the visitor's visit read already (for this request). */
    Outcome search(Request request, String query, Optional<Visit> visit) {
        if (visit.isEmpty()) {
            return new NotFound("This site does not exist or is not published.", null);
        }
        SiteRecord site = visit.get().site();
        String base = request.site().base();
        String q = query == null ? "" : query.strip();
        List<SearchModel.Result> results = new ArrayList<>();
        String message = null;
        if (q.isEmpty()) {
            message = "Type words to search this site for.";
        } else if (q.length() > 512) {
            message = "A search may be at most 512 characters long.";
        } else if (!visit.get().spaces().isEmpty()) {
            Map<String, Listed> bySpace = new HashMap<>();
            visit.get().spaces().forEach(l -> bySpace.putIfAbsent(l.spaceId(), l));
            var found = content.search(List.copyOf(bySpace.keySet()), q, SEARCH_PAGES_PER_SPACE);
            for (var space : found.spaces()) {
                Listed listed = bySpace.get(space.id());
                for (var page : space.pages()) {
                    String url = listed.spaceBase() + page.path() + (page.anchor() == null || page.anchor().isEmpty() ? "" : "#" + page.anchor());
                    results.add(new SearchModel.Result(page.title(), url, listed.title(),
                            page.sectionTitle() == null || page.sectionTitle().equals(page.title()) ? null : page.sectionTitle(),
                            SearchModel.snippet(page.body())));
                }
            }
            if (results.isEmpty()) {
                message = "No page matches \u201c" + q + "\u201d.";
            }
        }
        return new SearchPage(site, new SearchModel(io.bindery.sites.site.SiteFacts.of(site).title(), base, base + ASSETS_CSS, base + SEARCH,
                ReaderTheme.of(customizations.of(site)), q, results, message));
    }

    /** The search results page of a site. */
    public record SearchPage(SiteRecord site, SearchModel model) implements Outcome {
    }

    /** The stylesheet's address under a site's base (served for every site, so a hostname site has it too). */
    static final String ASSETS_CSS = "~assets/reader.css";
    /** The site's icon (a browser asks for one; without it every page would log a failed request). */
    static final String ASSETS_ICON = "~assets/favicon.svg";
    /** The reader's script: copy buttons on code blocks (under {@code script-src 'self'}; pages work without it). */
    static final String ASSETS_JS = "~assets/reader.js";
    /** The site's accent colours, from the stylesheet's own address ({@link ReaderTheme#css}). */
    static final String ASSETS_THEME = "~assets/theme.css";

    /**
     * The addresses (paths) of a public published site's pages that any visitor sees: every section and site
     * space without a condition that an anonymous visitor fails, their documents that are neither hidden nor
     * marked noindex; at most {@code max}. Empty when the site is not public and published (no sitemap).
     */
    public Optional<List<String>> sitemap(SiteRef ref, int max) {
        Optional<List<Listed>> listed = QuarkusTransaction.requiringNew().call(() -> {
            Optional<SiteRecord> found = site(ref).filter(s -> s.published() && s.visibility() == SiteVisibility.PUBLIC);
            if (found.isEmpty()) {
                return Optional.<List<Listed>>empty();
            }
            Predicate<String> holds = published.visitor(found.get(), null, null, Map.of()).orElse(c -> false);
            return Optional.of(visibleSpaces(found.get(), holds, ref.base()));
        });
        if (listed.isEmpty() || max <= 0) {
            return listed.map(l -> List.of());
        }
        List<String> paths = new ArrayList<>();
        for (Listed l : listed.get()) {
            RevisionTree tree = tree(l.spaceId(), l.revision());
            for (RevisionTree.Page p : tree.pages()) {
                if (paths.size() >= max) {
                    return Optional.of(paths);
                }
                if ("document".equals(p.kind()) && !p.hidden() && !p.noIndex()) {
                    paths.add(l.spaceBase() + p.path());
                }
            }
        }
        return Optional.of(paths);
    }

    private ReaderModel model(Resolved r, RevisionTree tree, List<RevisionTree.Page> documents, RevisionTree.Page shown,
                              PageRenderer.Rendered rendered) {
        SiteRecord site = r.site();
        String spaceBase = r.spaceBase();
        String sectionBase = r.base() + (r.section() == null || r.section().isDefault() ? "" : r.section().path() + "/");
        List<ReaderModel.Link> switcher = r.variants().size() < 2 ? List.of() : r.variants().stream()
                .map(v -> new ReaderModel.Link(v.title() != null ? v.title() : r.titles().getOrDefault(v.spaceId(), v.path()),
                        sectionBase + (v.isDefault() ? "" : v.path() + "/"), v.id().equals(r.siteSpace().id())))
                .toList();
        // the tree as a reader opens it: the top level, and the children of the current page and its ancestors
        // (a 5,000-page space would otherwise put every title on every page)
        java.util.Set<String> open = new java.util.HashSet<>();
        open.add(shown.id());
        List<String> parents = parents(tree.pages());
        for (String at = parents.get(tree.pages().indexOf(shown)); at != null; at = parents.get(indexOf(tree, at))) {
            open.add(at);
        }
        List<RevisionTree.Page> listed = new ArrayList<>();
        for (int i = 0; i < tree.pages().size(); i++) {
            RevisionTree.Page p = tree.pages().get(i);
            if (!p.hidden() && (parents.get(i) == null || open.contains(parents.get(i)))) {
                listed.add(p);
            }
        }
        List<ReaderModel.NavItem> nav = ReaderModel.NavItem.nested(listed, shown.id(), open, spaceBase);
        // breadcrumbs: the ancestors in the tree (tree order lists a parent before its children)
        List<ReaderModel.Link> crumbs = new ArrayList<>();
        int depth = shown.depth();
        int at = tree.pages().indexOf(shown);
        for (int i = at - 1; i >= 0 && depth > 0; i--) {
            RevisionTree.Page p = tree.pages().get(i);
            if (p.depth() < depth) {
                crumbs.add(0, new ReaderModel.Link(p.title(), "document".equals(p.kind()) ? spaceBase + p.path() : null, false));
                depth = p.depth();
            }
        }
        int index = documents.indexOf(shown);
        ReaderModel.Link previous = index > 0 ? link(documents.get(index - 1), spaceBase) : null;
        ReaderModel.Link next = index >= 0 && index + 1 < documents.size() ? link(documents.get(index + 1), spaceBase) : null;
        ReaderTheme theme = ReaderTheme.of(customizations.of(site));
        io.bindery.sites.site.SiteFacts facts = io.bindery.sites.site.SiteFacts.of(site);
        return new ReaderModel(facts.title(), r.base(), r.base() + ASSETS_CSS, r.base() + SEARCH, shown.title(), shown.description(),
                !facts.isPublic() || shown.noIndex(), theme, r.tabs(), switcher, nav, crumbs, previous, next,
                rendered.outline(), new RawString(rendered.html()), rendered.summary(), null, null);
    }

    /** Each page's parent id (null at the top level), from the depths of the tree order. */
    static List<String> parents(List<RevisionTree.Page> pages) {
        List<String> out = new ArrayList<>(pages.size());
        List<String> stack = new ArrayList<>();
        for (RevisionTree.Page p : pages) {
            while (stack.size() > p.depth()) {
                stack.remove(stack.size() - 1);
            }
            out.add(stack.isEmpty() ? null : stack.get(stack.size() - 1));
            stack.add(p.id());
        }
        return out;
    }

    private static int indexOf(RevisionTree tree, String pageId) {
        for (int i = 0; i < tree.pages().size(); i++) {
            if (tree.pages().get(i).id().equals(pageId)) {
                return i;
            }
        }
        return -1;
    }

    private static ReaderModel.Link link(RevisionTree.Page p, String spaceBase) {
        return new ReaderModel.Link(p.title(), spaceBase + p.path(), false);
    }

}
