package io.bindery.sites.reader;

import io.bindery.commons.urls.PublicUrls;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.impl.HttpServerRequestInternal;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.util.Map;

/**
 * The reader's kept answers ({@link RecentPages}) sent straight from the Vert.x router, before Quarkus REST: a page or
 * an agent's markdown read again, by a visitor who brought no secret (no query, no cookie, no Authorization), is the
 * same bytes and headers {@link ReaderResource} would send, without the REST layer's per-request work (matching,
 * filters, UriInfo, the Response and its writer), which was most of sites' CPU for a kept answer. Everything else,
 * and any answer not kept, goes on to {@link ReaderResource} unchanged; the key and the answer are the resource's own
 * ({@link #agent}, {@link RecentPages#fresh}), so what a visitor sees cannot differ.
 */
@Singleton
public class KeptAnswers {
    /** After the commons' request id (-120) and input guard (-110), before Quarkus REST. */
    static final int ORDER = -100;
    /** The resource's own templates, which the HTTP metrics name the request by (see UrlPathTemplate). */
    private static final String PAGE_TEMPLATE = "/s/{site}/{rest: .*}";
    private static final String HOME_TEMPLATE = "/s/{site}";
    private static final String HOST_PAGE_TEMPLATE = "/s/~host/{rest: .*}";
    private static final String HOST_HOME_TEMPLATE = "/s/~host";
    private static final String HOST = "~host";

    @Inject
    RecentPages recent;
    @Inject
    AgentDocs agentDocs;
    @Inject
    PublicUrls urls;

    void register(@Observes Router router) {
        router.route("/s/*").order(ORDER).handler(this::handle);
    }

    void handle(RoutingContext ctx) {
        ReaderResource.Rendered rendered = kept(ctx.request());
        if (rendered == null) {
            ctx.next();
        } else {
            send(ctx.request(), ctx.response(), rendered);
        }
    }

    /** The kept answer to this request, or null when the resource must answer it. */
    ReaderResource.Rendered kept(HttpServerRequest request) {
        String path = request.path();
        if (request.method() != HttpMethod.GET || request.query() != null || path == null || !path.startsWith("/s/")
                || path.indexOf('%') >= 0 || path.contains("//") || path.contains("/.")
                || request.headers().contains(HttpHeaders.COOKIE) || request.headers().contains(HttpHeaders.AUTHORIZATION)) {
            return null; // secrets, claims, escapes or dot segments: the resource reads them
        }
        int slash = path.indexOf('/', 3);
        String key = slash < 0 ? path.substring(3) : path.substring(3, slash);
        String rest = slash < 0 ? "" : path.substring(slash + 1);
        if (key.isEmpty() || key.startsWith("_") || rest.startsWith("~") || rest.equals("robots.txt")
                || rest.equals("sitemap.xml")) {
            return null; // the stylesheet, the reader's assets, files, search, MCP, robots.txt, sitemap.xml
        }
        Reader.SiteRef site;
        String origin = null;
        String template;
        if (HOST.equals(key)) {
            String hostname = ReaderResource.hostname(request.getHeader(ReaderResource.SITE_HOST));
            if (hostname.isEmpty()) {
                return null;
            }
            site = Reader.SiteRef.host(hostname);
            origin = ReaderResource.origin(site, "https".equalsIgnoreCase(request.getHeader("X-Forwarded-Proto")) || request.isSSL());
            template = slash < 0 ? HOST_HOME_TEMPLATE : HOST_PAGE_TEMPLATE;
        } else {
            site = Reader.SiteRef.path(key);
            template = slash < 0 ? HOME_TEMPLATE : PAGE_TEMPLATE;
        }
        ReaderResource.Agent agent = ReaderResource.Agent.of(rest, request.getHeader(HttpHeaders.ACCEPT));
        ReaderResource.Rendered rendered;
        if (agent != null) {
            Reader.Request r = new Reader.Request(site, agent.rest(), null, null, Map.of());
            rendered = agent(new ReaderResource.AgentKey(r, agent.kind(),
                    new AgentDocs.Links(origin != null ? origin : urls.base(), "")));
        } else {
            rendered = recent.fresh(new Reader.Request(site, rest, null, null, Map.of()));
        }
        if (rendered != null) {
            // what Quarkus REST would have named the request by in the HTTP server metrics
            ((HttpServerRequestInternal) request).context().putLocal("UrlPathTemplate", template);
        }
        return rendered;
    }

    /**
     * An agent's answer kept among the recent ones that may be sent as it is, or null (the resource's test too).
     * Cheap, safe on the event loop.
     */
    ReaderResource.Rendered agent(ReaderResource.AgentKey key) {
        ReaderResource.Rendered recently = recent.fresh(key);
        if (recently == null && key.kind() == ReaderResource.Kind.PAGE) {
            // a page read again after its second, from a revision still shown to this visitor: sent as it was (a
            // 5,000-page space read page after page would otherwise make every page anew, on a worker thread)
            recently = recent.revalidated(key, agentDocs.keptValidity(key.request()));
        }
        return recently;
    }

    /** The answer as {@link ReaderResource} sends it: the same status, headers and body. */
    static void send(HttpServerRequest request, HttpServerResponse response, ReaderResource.Rendered rendered) {
        var headers = response.headers();
        if (ReaderResource.unchanged(rendered, request.getHeader(HttpHeaders.IF_NONE_MATCH),
                request.getHeader(HttpHeaders.IF_MODIFIED_SINCE))) {
            headers.set("ETag", rendered.etag()).set("Cache-Control", rendered.cacheControl());
            if (rendered.lastModified() != null) {
                headers.set("Last-Modified", ReaderResource.httpDate(rendered.lastModified()));
            }
            secured(headers);
            response.setStatusCode(304).end();
            return;
        }
        headers.set("Content-Type", rendered.type()).set("Vary", "Accept");
        if (rendered.etag() != null) {
            headers.set("ETag", rendered.etag()).set("Cache-Control", rendered.cacheControl());
            if (rendered.lastModified() != null) {
                headers.set("Last-Modified", ReaderResource.httpDate(rendered.lastModified()));
            }
        }
        if (rendered.noIndex()) {
            headers.set("X-Robots-Tag", "noindex");
        }
        secured(headers);
        response.setStatusCode(rendered.status()).end(Buffer.buffer(rendered.html()));
    }

    private static void secured(io.vertx.core.MultiMap headers) {
        headers.set("Content-Security-Policy", ReaderResource.CSP).set("X-Content-Type-Options", "nosniff")
                .set("Referrer-Policy", "strict-origin-when-cross-origin");
    }
}
