package io.bindery.sites.reader;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Published sites as web pages, {@code /s/<site>/…}, routed by the gateway without an API token: who may read is the
 * site's visibility (see {@link Reader}). A share key ({@code ?share=}) or a visitor token ({@code ?jwt_token=}) is
 * taken once, kept in an HttpOnly cookie scoped to the site's path, and the address is reloaded without it so the
 * secret does not stay in the address bar, the history or a Referer. Every answer carries a strict Content-Security-
 * Policy (script only the reader's own file, {@code ~assets/reader.js}; no inline script or style), nosniff and a Referrer-Policy; a page carries an ETag, and a revisit that sends it back
 * costs a 304.
 */
@Path("/s")
public class ReaderResource {
    static final String SHARE_COOKIE = "bindery_share";
    static final String VISITOR_COOKIE = "bindery_visitor";
    /**
     * No inline script or style anywhere. {@code connect-src 'self'}: Lighthouse reads robots.txt from inside the page
     * (a fetch), which {@code default-src 'none'} would refuse; the reader's own script is the only one that could use it.
     */
    static final String CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' https:; connect-src 'self'; "
            + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
    private static final byte[] CSS = asset("/reader/reader.css");
    private static final byte[] JS = asset("/reader/reader.js");
    private static final byte[] ICON = asset("/reader/favicon.svg");

    @Inject
    Reader reader;
    @Inject
    ReaderTemplates templates;
    @Inject
    RecentPages recent;
    @Inject
    io.bindery.commons.urls.PublicUrls urls;
    @Inject
    AgentDocs agentDocs;
    @Inject
    KeptAnswers keptAnswers;

    @GET
    @Path("/_assets/reader.css")
    public Response css() {
        return secured(Response.ok(CSS, "text/css; charset=utf-8")).header("Cache-Control", "public, max-age=3600").build();
    }

    /** A request whose Host is a site's hostname: the gateway sends it here, {@code /s/~host/<path>}, with this header. */
    static final String SITE_HOST = "X-Bindery-Site-Host";

    @GET
    @Path("/~host")
    public Uni<Response> hostHome(@HeaderParam(SITE_HOST) String host, @Context UriInfo uri, @Context HttpHeaders headers,
                             @HeaderParam("X-Forwarded-Proto") String proto) {
        return hostPage(host, "", uri, headers, proto);
    }

    @GET
    @Path("/~host/{rest: .*}")
    public Uni<Response> hostPage(@HeaderParam(SITE_HOST) String host, @PathParam("rest") String rest, @Context UriInfo uri,
                             @Context HttpHeaders headers, @HeaderParam("X-Forwarded-Proto") String proto) {
        String hostname = hostname(host);
        if (hostname.isEmpty()) {
            return Uni.createFrom().item(notFound(Reader.SiteRef.host("-"), "This site does not exist or is not published."));
        }
        return serve(Reader.SiteRef.host(hostname), rest, uri, headers, proto);
    }

    @GET
    @Path("/{site}")
    public Uni<Response> home(@PathParam("site") String site, @Context UriInfo uri, @Context HttpHeaders headers,
                         @HeaderParam("X-Forwarded-Proto") String proto) {
        return serve(Reader.SiteRef.path(site), "", uri, headers, proto);
    }

    @GET
    @Path("/{site}/{rest: .*}")
    public Uni<Response> page(@PathParam("site") String site, @PathParam("rest") String rest, @Context UriInfo uri,
                         @Context HttpHeaders headers, @HeaderParam("X-Forwarded-Proto") String proto) {
        return serve(Reader.SiteRef.path(site), rest, uri, headers, proto);
    }

    /** The site's hostname a {@link #SITE_HOST} header names: trimmed, lower case, without a port ("" when none). */
    static String hostname(String host) {
        return host == null ? "" : host.strip().toLowerCase(java.util.Locale.ROOT).replaceFirst(":\\d+$", "");
    }

    /** Where a site served on its own hostname is read from (links in robots.txt, sitemaps, agents' docs); null on a path. */
    static String origin(Reader.SiteRef site, boolean secure) {
        return site.byHost() ? (secure ? "https://" : "http://") + site.key() : null;
    }

    /**
     * Everything under a site's base: its pages, search, files, stylesheet, robots.txt and sitemap.xml. A page the
     * reader answered within the last second ({@link RecentPages}) is sent from the event loop; anything that reads the
     * database or content runs on a worker thread.
     */
    private Uni<Response> serve(Reader.SiteRef site, String rest, UriInfo uri, HttpHeaders headers, String proto) {
        boolean secure = "https".equalsIgnoreCase(proto) || "https".equalsIgnoreCase(uri.getRequestUri().getScheme());
        String origin = origin(site, secure);
        switch (rest) {
            case "robots.txt":
                return blocking(() -> robots(site, origin));
            case "sitemap.xml":
                return blocking(() -> sitemap(site, origin));
            case Reader.ASSETS_CSS:
                return Uni.createFrom().item(css());
            case Reader.ASSETS_JS:
                return Uni.createFrom().item(secured(Response.ok(JS, "text/javascript; charset=utf-8"))
                        .header("Cache-Control", "public, max-age=3600").build());
            case Reader.ASSETS_THEME:
                // made from its own address alone: the same address is the same stylesheet for good
                return Uni.createFrom().item(secured(Response.ok(ReaderTheme.css(uri.getQueryParameters().getFirst("light"),
                        uri.getQueryParameters().getFirst("dark")), "text/css; charset=utf-8"))
                        .header("Cache-Control", "public, max-age=31536000, immutable").build());
            case Reader.ASSETS_ICON:
                return Uni.createFrom().item(secured(Response.ok(ICON, "image/svg+xml"))
                        .header("Cache-Control", "public, max-age=86400").build());
            default:
                break;
        }
        MultivaluedMap<String, String> query = uri.getQueryParameters();
        String cookiePath = site.base();
        Agent agent = Agent.of(rest, headers);
        if (agent != null) {
            return agent(site, agent, query, headers, origin);
        }
        String shareParam = query.getFirst("share");
        String tokenParam = query.getFirst("jwt_token");
        if ((shareParam != null || tokenParam != null) && !rest.startsWith(Reader.FILES)) {
            // keep the secret in a cookie, then show the same address without it
            Response.ResponseBuilder redirect = Response.seeOther(withoutSecrets(uri));
            if (shareParam != null) {
                redirect.cookie(cookie(SHARE_COOKIE, shareParam, cookiePath, secure));
            }
            if (tokenParam != null) {
                redirect.cookie(cookie(VISITOR_COOKIE, tokenParam, cookiePath, secure));
            }
            return Uni.createFrom().item(secured(redirect).build());
        }
        Map<String, String> unsigned = new HashMap<>();
        query.forEach((name, values) -> {
            if (name.startsWith("visitor.") && name.length() > "visitor.".length() && !values.isEmpty()) {
                unsigned.put(name.substring("visitor.".length()), values.get(0));
            }
        });
        // a file's address takes the secret from the query too: the links of a page for agents carry it (an agent
        // keeps no cookie), and an image is not an address a visitor keeps in the bar
        Reader.Request request = new Reader.Request(site, rest, shareParam != null ? shareParam : cookieValue(headers, SHARE_COOKIE),
                tokenParam != null ? tokenParam : cookieValue(headers, VISITOR_COOKIE), unsigned);
        if (rest.startsWith(Reader.FILES)) {
            return blocking(() -> file(request, rest.substring(Reader.FILES.length())));
        }
        if (rest.equals(Reader.SEARCH)) {
            String q = query.getFirst("q");
            return blocking(() -> search(request, q, cookiePath));
        }
        String ifNoneMatch = headers.getHeaderString(HttpHeaders.IF_NONE_MATCH);
        String ifModifiedSince = headers.getHeaderString(HttpHeaders.IF_MODIFIED_SINCE);
        Rendered recently = recent.fresh(request);
        if (recently != null) {
            return Uni.createFrom().item(respond(recently, ifNoneMatch, ifModifiedSince));
        }
        return blocking(() -> respond(recent.get(request, () -> render(request, cookiePath)), ifNoneMatch, ifModifiedSince));
    }

    /**
     * What an agent asks for: a page as markdown ({@code <page>.md}, or the page's own address with an Accept that
     * names text/markdown and not text/html), llms.txt, llms-full.txt or sitemap.md; null for anything else.
     */
    enum Kind { PAGE, LLMS, LLMS_FULL, SITEMAP }

    record Agent(Kind kind, String rest) {
        static Agent of(String rest, HttpHeaders headers) {
            return of(rest, headers.getHeaderString(HttpHeaders.ACCEPT));
        }

        /** The same with the request's Accept header alone (see {@link KeptAnswers}). */
        static Agent of(String rest, String accept) {
            switch (rest) {
                case AgentDocs.LLMS_TXT:
                    return new Agent(Kind.LLMS, rest);
                case AgentDocs.LLMS_FULL_TXT:
                    return new Agent(Kind.LLMS_FULL, rest);
                case AgentDocs.SITEMAP_MD:
                    return new Agent(Kind.SITEMAP, rest);
                default:
                    break;
            }
            if (rest.startsWith(Reader.FILES) || rest.equals(Reader.SEARCH)) {
                return null;
            }
            if (rest.endsWith(".md")) {
                return new Agent(Kind.PAGE, rest.substring(0, rest.length() - ".md".length()));
            }
            return prefersMarkdown(accept) ? new Agent(Kind.PAGE, rest) : null;
        }
    }

    /** An Accept header that names text/markdown (with a q above 0) and not text/html. */
    static boolean prefersMarkdown(String accept) {
        if (accept == null) {
            return false;
        }
        boolean markdown = false;
        for (String range : accept.split(",")) {
            String[] parts = range.split(";");
            String type = parts[0].strip().toLowerCase(java.util.Locale.ROOT);
            boolean refused = java.util.Arrays.stream(parts).skip(1).map(String::strip)
                    .anyMatch(p -> p.matches("(?i)q\\s*=\\s*0(\\.0*)?"));
            if (type.equals("text/html") && !refused) {
                return false;
            }
            markdown |= type.equals("text/markdown") && !refused;
        }
        return markdown;
    }

    /** The key of an agent's answer among {@link RecentPages}: the request, what it asks for, how links are written. */
    record AgentKey(Reader.Request request, Kind kind, AgentDocs.Links links) {
    }

    /**
     * An agent's request: the secret is taken from the query (an agent keeps no cookie: its links carry it on), from
     * {@code Authorization: Bearer} (a visitor token) or from the reader's cookies, with no redirect; the answer is
     * markdown (text/plain for the .txt files), never indexed by search engines.
     */
    private Uni<Response> agent(Reader.SiteRef site, Agent agent, MultivaluedMap<String, String> query, HttpHeaders headers,
                                String origin) {
        AgentSecrets secrets = AgentSecrets.of(query, headers.getHeaderString(HttpHeaders.AUTHORIZATION));
        Reader.Request request = new Reader.Request(site, agent.rest(),
                secrets.share() != null ? secrets.share() : cookieValue(headers, SHARE_COOKIE),
                secrets.token() != null ? secrets.token() : cookieValue(headers, VISITOR_COOKIE), secrets.unsigned());
        AgentDocs.Links links = new AgentDocs.Links(origin != null ? origin : urls.base(), secrets.carried());
        String question = query.getFirst("ask");
        if (agent.kind() == Kind.PAGE && question != null) {
            // an answer is made for its question: never kept among the recent pages, never cached
            return blocking(() -> {
                AgentDocs.Answer answer = agentDocs.ask(request, links, question);
                return secured(Response.status(answer.status()).entity(answer.body()).type("text/markdown; charset=utf-8")
                        .header("Cache-Control", "private, no-store").header("X-Robots-Tag", "noindex")).build();
            });
        }
        AgentKey key = new AgentKey(request, agent.kind(), links);
        String type = agent.kind() == Kind.LLMS || agent.kind() == Kind.LLMS_FULL ? "text/plain; charset=utf-8"
                : "text/markdown; charset=utf-8";
        String ifNoneMatch = headers.getHeaderString(HttpHeaders.IF_NONE_MATCH);
        String ifModifiedSince = headers.getHeaderString(HttpHeaders.IF_MODIFIED_SINCE);
        Rendered recently = keptAnswers.agent(key);
        if (recently != null) {
            return Uni.createFrom().item(respond(recently, ifNoneMatch, ifModifiedSince));
        }
        return blocking(() -> {
            if (agent.kind() == Kind.PAGE) {
                // the visitor's resolution had just grown old: made anew (or being made by another request), the
                // page's answer of before may still be current, which costs far less than making it anew
                reader.resolveKept(request);
                Rendered current = keptAnswers.agent(key);
                if (current != null) {
                    return respond(current, ifNoneMatch, ifModifiedSince);
                }
            }
            return respond(recent.get(key, () -> {
                AgentDocs.Answer answer = switch (agent.kind()) {
                    case PAGE -> agentDocs.page(request, links);
                    case LLMS -> agentDocs.llms(request, links);
                    case LLMS_FULL -> agentDocs.llmsFull(request, links);
                    case SITEMAP -> agentDocs.sitemap(request, links);
                };
                byte[] body = answer.body().getBytes(StandardCharsets.UTF_8);
                String etag = answer.status() == 200 ? "\"" + sha256(body) + "\"" : null;
                return new Rendered(answer.status(), body, etag, (answer.personal() ? "private" : "public") + ", no-cache",
                        true, answer.lastModified(), answer.status() == 200 ? type : "text/markdown; charset=utf-8",
                        answer.status() == 200 ? answer.validity() : null);
            }), ifNoneMatch, ifModifiedSince);
        });
    }

    /** Runs work that reads the database or calls content on a worker thread, off the event loop. */
    private static Uni<Response> blocking(java.util.function.Supplier<Response> work) {
        return Uni.createFrom().item(work).runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    /** A rendered page as sent: 304 when the visitor's copy is current (If-None-Match, else If-Modified-Since). */
    private static Response respond(Rendered rendered, String ifNoneMatch, String ifModifiedSince) {
        if (unchanged(rendered, ifNoneMatch, ifModifiedSince)) {
            Response.ResponseBuilder notModified = secured(Response.notModified()).header("ETag", rendered.etag())
                    .header("Cache-Control", rendered.cacheControl());
            return lastModified(notModified, rendered.lastModified()).build();
        }
        Response.ResponseBuilder out = Response.status(rendered.status()).entity(rendered.html()).type(rendered.type())
                .header("Vary", "Accept");
        if (rendered.etag() != null) {
            out.header("ETag", rendered.etag()).header("Cache-Control", rendered.cacheControl());
            lastModified(out, rendered.lastModified());
        }
        if (rendered.noIndex()) {
            out.header("X-Robots-Tag", "noindex");
        }
        return secured(out).build();
    }

    /** Whether the visitor's copy of a page is current (If-None-Match, else If-Modified-Since): a 304. */
    static boolean unchanged(Rendered rendered, String ifNoneMatch, String ifModifiedSince) {
        if (rendered.status() != 200) {
            return false;
        }
        return ifNoneMatch != null ? List.of(ifNoneMatch.split("\\s*,\\s*")).contains(rendered.etag())
                : notModifiedSince(ifModifiedSince, rendered.lastModified());
    }

    /** Crawlers may read a public site; every other site (unlisted, share-link, visitor-auth, unpublished) is closed. */
    private Response robots(Reader.SiteRef site, String origin) {
        boolean open = reader.sitemap(site, 0).isPresent();
        String sitemap = origin != null ? origin + "/sitemap.xml" : urls.app(site.base() + "sitemap.xml");
        String body = open ? "User-agent: *\nAllow: " + site.base() + "\nSitemap: " + sitemap + "\n"
                : "User-agent: *\nDisallow: /\n";
        return secured(Response.ok(body, "text/plain; charset=utf-8")).build();
    }

    /** The pages of a public site (at most 50,000, the sitemap protocol's limit); 404 for any other site. */
    private Response sitemap(Reader.SiteRef site, String origin) {
        return reader.sitemap(site, 50_000).map(paths -> {
            StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                    + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
            for (String path : paths) {
                xml.append("<url><loc>").append(escapeXml(origin != null ? origin + path : urls.app(path))).append("</loc></url>\n");
            }
            xml.append("</urlset>\n");
            return secured(Response.ok(xml.toString(), "application/xml; charset=utf-8")).build();
        }).orElseGet(() -> notFound(site, "This site has no sitemap."));
    }

    private static String escapeXml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /**
     * A file of a page ({@code ~files/<space>/<revision>/<file>}): a revision's file never changes, so a browser keeps
     * it; shared caches only for a public site.
     */
    private Response file(Reader.Request request, String path) {
        String[] parts = path.split("/");
        if (parts.length != 3 || java.util.Arrays.stream(parts).anyMatch(String::isEmpty)) {
            return notFound(request.site(), "There is no file at this address.");
        }
        return reader.file(request, parts[0], parts[1], parts[2]).map(f -> secured(Response.ok(f.bytes(), f.contentType()))
                        .header("Cache-Control", (io.bindery.sites.site.SiteFacts.of(f.site()).isPublic() ? "public" : "private")
                                + ", max-age=31536000, immutable")
                        .header("Content-Disposition", "inline").build())
                .orElseGet(() -> notFound(request.site(), "There is no file at this address."));
    }

    /** The search results page; personal (it may show pages only this visitor sees), so never kept by a shared cache. */
    private Response search(Reader.Request request, String q, String cookiePath) {
        Reader.Outcome outcome = reader.search(request, q);
        if (outcome instanceof Reader.SearchPage page) {
            return secured(Response.ok(templates.search(page.model()), "text/html; charset=utf-8"))
                    .header("Cache-Control", "private, no-cache").header("X-Robots-Tag", "noindex").build();
        }
        Reader.NotFound notFound = (Reader.NotFound) outcome;
        return notFound(request.site(), notFound.message());
    }

    private Response notFound(Reader.SiteRef site, String message) {
        return secured(Response.status(404).type("text/html; charset=utf-8")
                .entity(templates.notFound(null, null, message, site.base()))).build();
    }

    private static final java.time.format.DateTimeFormatter HTTP_DATE = java.time.format.DateTimeFormatter.RFC_1123_DATE_TIME
            .withZone(java.time.ZoneOffset.UTC);

    private static Response.ResponseBuilder lastModified(Response.ResponseBuilder response, java.time.Instant at) {
        return at == null ? response : response.header("Last-Modified", httpDate(at));
    }

    private record DateText(java.time.Instant at, String text) {
    }

    /** The last date written: the pages of one revision share theirs, and formatting was 5 % of a kept answer's CPU. */
    private static volatile DateText lastDate = new DateText(java.time.Instant.EPOCH, HTTP_DATE.format(java.time.Instant.EPOCH));

    static String httpDate(java.time.Instant at) {
        DateText last = lastDate;
        if (last.at().equals(at)) {
            return last.text();
        }
        String text = HTTP_DATE.format(at.truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
        lastDate = new DateText(at, text);
        return text;
    }

    /** If-Modified-Since (only read without If-None-Match, as RFC 9110 says): unchanged since that second. */
    static boolean notModifiedSince(String ifModifiedSince, java.time.Instant lastModified) {
        if (ifModifiedSince == null || lastModified == null) {
            return false;
        }
        try {
            java.time.Instant since = java.time.ZonedDateTime.parse(ifModifiedSince.strip(), java.time.format.DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
            return !lastModified.truncatedTo(java.time.temporal.ChronoUnit.SECONDS).isAfter(since);
        } catch (java.time.format.DateTimeParseException e) {
            return false; // an unreadable date is ignored, as RFC 9110 says
        }
    }

    /**
     * A page (or the 404 page) as sent: kept for a moment by {@link RecentPages}. {@code validity}: what it was made
     * from besides its request, when that can be told without the database (null: it cannot, the answer lives its
     * second only); an answer whose validity is still current may be sent again ({@link RecentPages#revalidated}).
     */
    record Rendered(int status, byte[] html, String etag, String cacheControl, boolean noIndex, java.time.Instant lastModified,
                    String type, Object validity) {
        static final String HTML = "text/html; charset=utf-8";

        Rendered(int status, byte[] html, String etag, String cacheControl, boolean noIndex, java.time.Instant lastModified,
                 String type) {
            this(status, html, etag, cacheControl, noIndex, lastModified, type, null);
        }
    }

    private Rendered render(Reader.Request request, String cookiePath) {
        Reader.Outcome outcome = reader.read(request);
        if (outcome instanceof Reader.NotFound notFound) {
            String title = notFound.site() == null ? null : io.bindery.sites.site.SiteFacts.of(notFound.site()).title();
            return new Rendered(404, templates.notFound(title, notFound.site() == null ? null : cookiePath, notFound.message(), cookiePath)
                    .getBytes(StandardCharsets.UTF_8), null, null, true, null, Rendered.HTML);
        }
        Reader.Page page = (Reader.Page) outcome;
        byte[] html = templates.page(page.model()).getBytes(StandardCharsets.UTF_8);
        boolean personal = io.bindery.sites.site.SiteFacts.of(page.site()).restricted()
                || !request.unsignedClaims().isEmpty();
        return new Rendered(200, html, "\"" + sha256(html) + "\"", (personal ? "private" : "public") + ", no-cache",
                page.model().noIndex(), page.lastModified(), Rendered.HTML);
    }

    private static Response.ResponseBuilder secured(Response.ResponseBuilder response) {
        return response.header("Content-Security-Policy", CSP).header("X-Content-Type-Options", "nosniff")
                .header("Referrer-Policy", "strict-origin-when-cross-origin");
    }

    private static NewCookie cookie(String name, String value, String path, boolean secure) {
        return new NewCookie.Builder(name).value(value).path(path).httpOnly(true).secure(secure)
                .sameSite(NewCookie.SameSite.LAX).build();
    }

    private static String cookieValue(HttpHeaders headers, String name) {
        var cookie = headers.getCookies().get(name);
        return cookie == null ? null : cookie.getValue();
    }

    /** The request's path and query without {@code share} and {@code jwt_token}, as a relative redirect target. */
    private static URI withoutSecrets(UriInfo uri) {
        StringBuilder query = new StringBuilder();
        uri.getQueryParameters().forEach((name, values) -> {
            if (!name.equals("share") && !name.equals("jwt_token")) {
                for (String value : values) {
                    query.append(query.isEmpty() ? "?" : "&").append(encode(name)).append('=').append(encode(value));
                }
            }
        });
        return URI.create(uri.getRequestUri().getRawPath() + query);
    }

    private static String encode(String s) {
        return java.net.URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes), 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] asset(String name) {
        try (InputStream in = ReaderResource.class.getResourceAsStream(name)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
