package io.bindery.sites.reader;

import io.bindery.contracts.content.RevisionTree;
import io.bindery.document.MarkdownLinks;
import io.bindery.sites.cache.VersionedCache;
import io.bindery.sites.client.InsightsClient;
import io.bindery.sites.client.ContentClient;
import io.bindery.sites.site.SiteFacts;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The published site for agents: each page as markdown ({@code <page>.md}), {@code llms.txt} and {@code llms-full.txt}
 * (llmstxt.org) and {@code sitemap.md}. Who reads what is the reader's own answer ({@link Reader#resolve},
 * {@link Reader#visit}: published state, share key, visitor token, conditions, draft site spaces), so an agent never
 * reads a page the same visitor could not open in HTML, and the reverse; a site whose agentsContext is excluded has
 * none of these (404) while its HTML pages stay. Page markdown is content's, with its links to other pages pointed at
 * their published {@code .md} addresses and its files at their published addresses; every page ends with the
 * organization's agent instructions when it has some.
 */
@ApplicationScoped
public class AgentDocs {
    /** The list of the site's pages, which a 404 on a markdown address points to. */
    static final String SITEMAP_MD = "sitemap.md";
    static final String LLMS_TXT = "llms.txt";
    static final String LLMS_FULL_TXT = "llms-full.txt";
    private static final Pattern FIRST_HEADING = Pattern.compile("\\A\\s*#[ \\t]+(.*?)(?:[ \\t]+#+)?[ \\t]*(?:\\r?\\n|\\z)");

    @Inject
    Reader reader;
    @Inject
    InsightsClient insights;
    @Inject
    ContentClient content;

    /** A page's markdown as served, by page, link style and revision (a revision never changes). */
    private final VersionedCache<String> bodies = new VersionedCache<>(20_000);

    /**
     * How links of an answer are written: absolute ({@code prefix} + the path: an agent often reads a page without its
     * address), with the share key or visitor token the agent brought in the query (it keeps no cookie), else nothing.
     */
    public record Links(String prefix, String query) {
        public String md(String path) {
            return prefix + path + ".md" + query;
        }

        public String plain(String path) {
            return prefix + path + query;
        }
    }

    /**
     * An answer for an agent: its status and body (markdown), when what it shows last changed (null: unknown), and
     * whether it is personal (a share-link or visitor-auth site, or unsigned claims: no shared cache may keep it).
     */
    public record Answer(int status, String body, Instant lastModified, boolean personal, Object validity) {
        Answer(int status, String body, Instant lastModified, boolean personal) {
            this(status, body, lastModified, personal, null);
        }
    }

    /**
     * What a page's markdown was made from besides its address and the visitor (who are its key among the reader's
     * answers): while these are the same, so is the page, and an answer older than a second may be sent again without
     * being made anew ({@link #keptValidity}).
     */
    private record PageValidity(SiteFacts site, String spaceId, String revision, String spaceBase, String path,
                                String instructions) {
    }

    /**
     * The validity ({@link PageValidity}) a page's answer for this request would have now, found out from what is kept
     * in memory alone (the visitor's resolution of the last second, the organization's agent instructions): null when
     * finding it out needs the database or another service. Cheap, safe on the event loop; the resolution is the
     * visitor's own (their share key, token and claims), so an answer is never revalidated for another visitor.
     */
    Object keptValidity(Reader.Request request) {
        Reader.Resolved r = reader.keptResolution(request);
        if (r == null) {
            return null;
        }
        SiteFacts site = SiteFacts.of(r.site());
        String instructions = site.agentsExcluded() ? null : insights.keptAgentInstructions(site.organizationId());
        return instructions == null ? null : new PageValidity(site, r.spaceId(), r.revision(), r.spaceBase(), r.path(), instructions);
    }

    /** One page as markdown; {@code request.rest()} is the page's address without {@code .md}. */
    public Answer page(Reader.Request request, Links links) {
        Reader.Outcome outcome = reader.resolveKept(request);
        if (!(outcome instanceof Reader.Resolved r)) {
            return notFound(request, links);
        }
        SiteFacts site = SiteFacts.of(r.site());
        if (site.agentsExcluded()) {
            return notFound(request, links);
        }
        String spaceId = r.spaceId();
        RevisionTree tree = reader.tree(spaceId, r.revision());
        Optional<RevisionTree.Page> page = Reader.pageAt(tree, r.path());
        if (page.isEmpty()) {
            return notFound(request, links);
        }
        Reader.Listed listed = new Reader.Listed(spaceId, r.revision(), r.spaceBase(), null, null);
        String instructions = insights.agentInstructions(site.organizationId());
        String body = "# " + page.get().title() + "\n\n" + body(listed, tree, page.get(), links, request.site().base())
                + footer(instructions);
        return new Answer(200, body, tree.createdAt(), personal(site, request),
                new PageValidity(site, spaceId, r.revision(), r.spaceBase(), r.path(), instructions));
    }

    /** Passages in an answer to {@code ?ask=}, as the API's ask. */
    static final int ASK_PASSAGES = 5;

    /**
     * {@code <page>.md?ask=question}: the best passages of the site spaces the visitor sees (retrieval only; written
     * from them, citing them, when content has an answer writer), each linked to its page's markdown. The page must
     * be one the visitor may read as markdown (else the same 404 as the page's); the question is asked of the whole
     * site the visitor sees, the page being where it was asked.
     */
    public Answer ask(Reader.Request request, Links links, String question) {
        Reader.Outcome outcome = reader.resolveKept(request);
        if (!(outcome instanceof Reader.Resolved r) || SiteFacts.of(r.site()).agentsExcluded()
                || Reader.pageAt(reader.tree(r.spaceId(), r.revision()), r.path()).isEmpty()) {
            return notFound(request, links);
        }
        Optional<Visit> visit = visit(request);
        if (visit.isEmpty()) {
            return notFound(request, links);
        }
        String q = question == null ? "" : question.strip();
        if (q.isEmpty() || q.length() > 512) {
            return new Answer(400, "# Bad question\n\nAsk with `?ask=` and a question of 1 to 512 characters.\n", null, true);
        }
        Map<String, Reader.Listed> bySpace = new HashMap<>();
        visit.get().spaces().forEach(l -> bySpace.putIfAbsent(l.spaceId(), l));
        var found = bySpace.isEmpty() ? new io.bindery.contracts.content.SiteAskResponse(List.of(), null)
                : content.ask(List.copyOf(bySpace.keySet()), q, ASK_PASSAGES);
        StringBuilder out = new StringBuilder("# ").append(q.replaceAll("\\s+", " ")).append("\n\n");
        if (found.passages().isEmpty()) {
            out.append("No page of this site answers this question. The pages of this site are listed in [sitemap.md](")
                    .append(links.plain(request.site().base() + SITEMAP_MD)).append(").\n");
        } else {
            out.append(io.bindery.sites.ask.AnswerMarkdown.of(found.passages(), found.written(), p -> {
                Reader.Listed l = bySpace.get(p.space());
                return l == null ? null : links.md(l.spaceBase() + p.path()) + (p.anchor().isEmpty() ? "" : "#" + p.anchor());
            }));
        }
        return new Answer(200, out.toString(), null, true);
    }

    /** {@code llms.txt}: an H1, an H2 per section and site space, a link per shown page in tree order. */
    public Answer llms(Reader.Request request, Links links) {
        Optional<Visit> visit = visit(request);
        if (visit.isEmpty()) {
            return notFound(request, links);
        }
        StringBuilder out = new StringBuilder("# ").append(visit.get().site().title()).append("\n");
        // sites have no description of their own (GitBook's Site has none either): the site's is its home page's
        String description = description(visit.get().spaces(), request.site().base());
        if (description != null) {
            out.append("\n> ").append(description).append('\n');
        }
        Instant modified = null;
        for (Reader.Listed l : visit.get().spaces()) {
            RevisionTree tree = reader.tree(l.spaceId(), l.revision());
            modified = later(modified, tree.createdAt());
            out.append("\n## ").append(heading(l, visit.get().spaces())).append("\n\n");
            for (RevisionTree.Page p : tree.pages()) {
                if ("document".equals(p.kind()) && !p.hidden()) {
                    out.append("- [").append(linkText(p.title())).append("](").append(links.md(l.spaceBase() + p.path())).append(')');
                    if (p.description() != null && !p.description().isBlank()) {
                        out.append(": ").append(p.description().strip().replaceAll("\\s+", " "));
                    }
                    out.append('\n');
                }
            }
        }
        // llmstxt.org's "Optional" section: what an agent with a short context may skip
        out.append("\n## Optional\n\n- [sitemap.md](").append(links.plain(request.site().base() + SITEMAP_MD))
                .append("): every page, nested as in the navigation\n- [llms-full.txt](")
                .append(links.plain(request.site().base() + LLMS_FULL_TXT)).append("): every page's markdown in one file\n");
        return new Answer(200, out.toString(), modified, personal(visit.get().site(), request));
    }

    /**
     * The site's description for this visitor: that of the home page of the site space at the site's root (the first
     * one shown when that one is not), on one line; null when it has none.
     */
    private String description(List<Reader.Listed> spaces, String siteBase) {
        if (spaces.isEmpty()) {
            return null;
        }
        Reader.Listed root = spaces.stream().filter(l -> l.spaceBase().equals(siteBase)).findFirst().orElse(spaces.get(0));
        return Reader.pageAt(reader.tree(root.spaceId(), root.revision()), "")
                .map(RevisionTree.Page::description).filter(d -> !d.isBlank()).map(d -> d.strip().replaceAll("\\s+", " "))
                .orElse(null);
    }

    /** {@code llms-full.txt}: every shown page's markdown, in the order of llms.txt, then the agent instructions. */
    public Answer llmsFull(Reader.Request request, Links links) {
        Optional<Visit> visit = visit(request);
        if (visit.isEmpty()) {
            return notFound(request, links);
        }
        StringBuilder out = new StringBuilder();
        Instant modified = null;
        for (Reader.Listed l : visit.get().spaces()) {
            RevisionTree tree = reader.tree(l.spaceId(), l.revision());
            modified = later(modified, tree.createdAt());
            for (RevisionTree.Page p : tree.pages()) {
                if ("document".equals(p.kind()) && !p.hidden()) {
                    out.append(out.isEmpty() ? "" : "\n\n").append("# ").append(p.title()).append("\n\nSource: ")
                            .append(links.md(l.spaceBase() + p.path())).append("\n\n").append(body(l, tree, p, links, request.site().base()).strip());
                }
            }
        }
        out.append('\n').append(footer(insights.agentInstructions(visit.get().site().organizationId())));
        return new Answer(200, out.toString(), modified, personal(visit.get().site(), request));
    }

    /** {@code sitemap.md}: every shown page, nested as in the tree, under an H2 per section and site space. */
    public Answer sitemap(Reader.Request request, Links links) {
        Optional<Visit> visit = visit(request);
        if (visit.isEmpty()) {
            return notFound(request, links);
        }
        StringBuilder out = new StringBuilder("# ").append(visit.get().site().title()).append(" \u2014 pages\n");
        Instant modified = null;
        for (Reader.Listed l : visit.get().spaces()) {
            RevisionTree tree = reader.tree(l.spaceId(), l.revision());
            modified = later(modified, tree.createdAt());
            out.append("\n## ").append(heading(l, visit.get().spaces())).append("\n\n");
            List<String> parents = Reader.parents(tree.pages());
            java.util.Set<String> shown = new java.util.HashSet<>();
            for (int i = 0; i < tree.pages().size(); i++) {
                RevisionTree.Page p = tree.pages().get(i);
                // a hidden page is left out with everything under it, as in the reader's navigation
                if (p.hidden() || (parents.get(i) != null && !shown.contains(parents.get(i)))) {
                    continue;
                }
                shown.add(p.id());
                out.append("  ".repeat(p.depth())).append("- ");
                if ("document".equals(p.kind())) {
                    out.append('[').append(linkText(p.title())).append("](").append(links.md(l.spaceBase() + p.path())).append(")\n");
                } else {
                    out.append(linkText(p.title())).append('\n');
                }
            }
        }
        return new Answer(200, out.toString(), modified, personal(visit.get().site(), request));
    }

    /** A page as llms.txt lists it: its path on the site, title, markdown URL and description (or null). */
    public record ListedPage(String path, String title, String url, String description) {
    }

    /**
     * The pages llms.txt lists for this visitor, in its order (every shown document page of every site space the
     * visitor sees); empty when agents may not read the site as this visitor.
     */
    public Optional<List<ListedPage>> pages(Reader.Request request, Links links) {
        Optional<Visit> visit = visit(request);
        if (visit.isEmpty()) {
            return Optional.empty();
        }
        List<ListedPage> out = new java.util.ArrayList<>();
        for (Reader.Listed l : visit.get().spaces()) {
            for (RevisionTree.Page p : reader.tree(l.spaceId(), l.revision()).pages()) {
                if ("document".equals(p.kind()) && !p.hidden()) {
                    String path = l.spaceBase() + p.path();
                    String description = p.description() == null || p.description().isBlank() ? null
                            : p.description().strip().replaceAll("\\s+", " ");
                    out.add(new ListedPage(path.substring(Math.min(path.length(), request.site().base().length())), p.title(),
                            links.md(path), description));
                }
            }
        }
        return Optional.of(out);
    }

    /** What a visitor who may read the site as an agent sees of it, as read once for a request. */
    public static final class Seen {
        private final Reader.Visit visit;

        private Seen(Reader.Visit visit) {
            this.visit = visit;
        }
    }

    /**
     * What this visitor sees of the site, when agents may read it as this visitor (published, visible to them,
     * agentsContext included); else empty.
     */
    public Optional<Seen> seen(Reader.Request request) {
        return QuarkusTransaction.requiringNew().call(() -> reader.visit(request))
                .filter(v -> !SiteFacts.of(v.site()).agentsExcluded()).map(Seen::new);
    }

    /** A page a search found: its title, its markdown URL (with the anchor of the section found), an excerpt. */
    public record Hit(String title, String url, String excerpt) {
    }

    /**
     * The reader's search (content's full-text search over the site spaces the visitor sees), as markdown URLs;
     * {@code seen}: what the visitor was found to see when the request came in (null: read it now).
     */
    public List<Hit> search(Seen seen, Reader.Request request, Links links, String query, int max) {
        Reader.Outcome found = seen == null ? reader.search(request, query) : reader.search(request, query, Optional.of(seen.visit));
        if (!(found instanceof Reader.SearchPage page) || SiteFacts.of(page.site()).agentsExcluded()) {
            return List.of();
        }
        return page.model().results().stream().limit(max).map(r -> {
            int hash = r.url().indexOf('#');
            String path = hash < 0 ? r.url() : r.url().substring(0, hash);
            String excerpt = r.snippet().stream().map(SearchModel.Fragment::text).collect(java.util.stream.Collectors.joining())
                    .replaceAll("\\s+", " ").strip();
            return new Hit(r.title(), links.md(path) + (hash < 0 ? "" : r.url().substring(hash)), excerpt);
        }).toList();
    }

    /** The 404 of every agent address, in markdown, pointing to the list of the site's pages. */
    public Answer notFound(Reader.Request request, Links links) {
        return new Answer(404, "# Page not found\n\nThere is no page at this address, or it is not shown to you. "
                + "The pages of this site are listed in [sitemap.md](" + links.plain(request.site().base() + SITEMAP_MD) + ").\n",
                null, true);
    }

    /** The site a visitor may read, with what it shows them; empty too when agents may not read it. */
    private record Visit(SiteFacts site, List<Reader.Listed> spaces) {
    }

    private Optional<Visit> visit(Reader.Request request) {
        return QuarkusTransaction.requiringNew().call(() -> reader.visit(request))
                .map(v -> new Visit(SiteFacts.of(v.site()), v.spaces())).filter(v -> !v.site().agentsExcluded());
    }

    private static boolean personal(SiteFacts site, Reader.Request request) {
        return site.restricted() || !request.unsignedClaims().isEmpty();
    }

    /** A page's markdown without its title: links rewritten, a first heading that repeats the title left out. */
    private String body(Reader.Listed l, RevisionTree tree, RevisionTree.Page page, Links links, String siteBase) {
        return bodies.get(l.spaceId() + "/" + page.id() + "|" + l.spaceBase() + "|" + links.prefix() + "|" + links.query(), l.revision(), () -> {
            Map<String, RevisionTree.Page> byId = new HashMap<>();
            tree.pages().forEach(p -> byId.put(p.id(), p));
            String markdown = content.page(l.spaceId(), l.revision(), page.id()).markdown();
            markdown = withoutRepeatedTitle(markdown == null ? "" : markdown, page.title());
            String files = siteBase + Reader.FILES + l.spaceId() + "/" + l.revision() + "/";
            String rewritten = MarkdownLinks.rewrite(markdown, link -> rewrite(link.destination(), byId, l.spaceBase(), files, links));
            String description = page.description() == null || page.description().isBlank() ? ""
                    : "> " + page.description().strip().replaceAll("\\s+", " ") + "\n\n";
            return description + rewritten.strip() + "\n";
        });
    }

    private static String rewrite(String destination, Map<String, RevisionTree.Page> byId, String spaceBase, String files, Links links) {
        if (destination.startsWith("/pages/")) {
            String rest = destination.substring("/pages/".length());
            int hash = rest.indexOf('#');
            RevisionTree.Page target = byId.get(hash < 0 ? rest : rest.substring(0, hash));
            return target == null ? null : links.md(spaceBase + target.path()) + (hash < 0 ? "" : rest.substring(hash));
        }
        if (destination.startsWith("/files/")) {
            return links.plain(files + destination.substring("/files/".length()));
        }
        return null;
    }

    static String withoutRepeatedTitle(String markdown, String title) {
        Matcher m = FIRST_HEADING.matcher(markdown);
        return m.lookingAt() && title != null && PageRenderer.sameTitle(m.group(1), title) ? markdown.substring(m.end()) : markdown;
    }

    /** The end of a page for agents: the organization's agent instructions, when it has some. */
    private static String footer(String instructions) {
        return instructions.isEmpty() ? "" : "\n---\n\n" + instructions + "\n";
    }

    /** The H2 of a site space: its section's title when it is the section's only one, else both. */
    private static String heading(Reader.Listed l, List<Reader.Listed> all) {
        if (l.sectionTitle() == null) {
            return l.title();
        }
        long siblings = all.stream().filter(o -> l.sectionTitle().equals(o.sectionTitle())).count();
        return siblings == 1 || l.sectionTitle().equals(l.title()) ? l.sectionTitle() : l.sectionTitle() + " \u203a " + l.title();
    }

    private static String linkText(String title) {
        return title.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]");
    }

    private static Instant later(Instant a, Instant b) {
        return a == null ? b : b == null || a.isAfter(b) ? a : b;
    }
}
