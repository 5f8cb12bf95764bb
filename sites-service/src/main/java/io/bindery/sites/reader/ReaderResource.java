package io.bindery.sites.reader;

import io.bindery.sites.sites.SiteVisibility;
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
 * Policy (no script at all), nosniff and a Referrer-Policy; a page carries an ETag, and a revisit that sends it back
 * costs a 304.
 */
@Path("/s")
public class ReaderResource {
    static final String SHARE_COOKIE = "bindery_share";
    static final String VISITOR_COOKIE = "bindery_visitor";
    static final String CSP = "default-src 'none'; style-src 'self'; img-src 'self' https:; base-uri 'none'; "
            + "form-action 'self'; frame-ancestors 'none'";
    private static final byte[] CSS = readCss();

    @Inject
    Reader reader;
    @Inject
    ReaderTemplates templates;

    @GET
    @Path("/_assets/reader.css")
    public Response css() {
        return secured(Response.ok(CSS, "text/css; charset=utf-8")).header("Cache-Control", "public, max-age=3600").build();
    }

    @GET
    @Path("/{site}")
    public Response home(@PathParam("site") String site, @Context UriInfo uri, @Context HttpHeaders headers,
                         @HeaderParam("X-Forwarded-Proto") String proto) {
        return page(site, "", uri, headers, proto);
    }

    @GET
    @Path("/{site}/{rest: .*}")
    public Response page(@PathParam("site") String site, @PathParam("rest") String rest, @Context UriInfo uri,
                         @Context HttpHeaders headers, @HeaderParam("X-Forwarded-Proto") String proto) {
        MultivaluedMap<String, String> query = uri.getQueryParameters();
        boolean secure = "https".equalsIgnoreCase(proto) || "https".equalsIgnoreCase(uri.getRequestUri().getScheme());
        String cookiePath = "/s/" + site + "/";
        String shareParam = query.getFirst("share");
        String tokenParam = query.getFirst("jwt_token");
        if (shareParam != null || tokenParam != null) {
            // keep the secret in a cookie, then show the same address without it
            Response.ResponseBuilder redirect = Response.seeOther(withoutSecrets(uri));
            if (shareParam != null) {
                redirect.cookie(cookie(SHARE_COOKIE, shareParam, cookiePath, secure));
            }
            if (tokenParam != null) {
                redirect.cookie(cookie(VISITOR_COOKIE, tokenParam, cookiePath, secure));
            }
            return secured(redirect).build();
        }
        Map<String, String> unsigned = new HashMap<>();
        query.forEach((name, values) -> {
            if (name.startsWith("visitor.") && name.length() > "visitor.".length() && !values.isEmpty()) {
                unsigned.put(name.substring("visitor.".length()), values.get(0));
            }
        });
        Reader.Outcome outcome = reader.read(new Reader.Request(site, rest, cookieValue(headers, SHARE_COOKIE),
                cookieValue(headers, VISITOR_COOKIE), unsigned));
        if (outcome instanceof Reader.NotFound notFound) {
            String title = notFound.site() == null ? null : notFound.site().title;
            return secured(Response.status(404).type("text/html; charset=utf-8")
                    .entity(templates.notFound(title, notFound.site() == null ? null : cookiePath, notFound.message())))
                    .header("X-Robots-Tag", "noindex").build();
        }
        Reader.Page page = (Reader.Page) outcome;
        byte[] html = templates.page(page.model()).getBytes(StandardCharsets.UTF_8);
        String etag = "\"" + sha256(html) + "\"";
        boolean personal = page.site().visibility == SiteVisibility.SHARE_LINK || page.site().visibility == SiteVisibility.VISITOR_AUTH
                || !unsigned.isEmpty();
        String cacheControl = (personal ? "private" : "public") + ", no-cache";
        String ifNoneMatch = headers.getHeaderString(HttpHeaders.IF_NONE_MATCH);
        if (ifNoneMatch != null && List.of(ifNoneMatch.split("\\s*,\\s*")).contains(etag)) {
            return secured(Response.notModified()).header("ETag", etag).header("Cache-Control", cacheControl).build();
        }
        Response.ResponseBuilder ok = Response.ok(html, "text/html; charset=utf-8").header("ETag", etag)
                .header("Cache-Control", cacheControl);
        if (page.model().noIndex()) {
            ok.header("X-Robots-Tag", "noindex");
        }
        return secured(ok).build();
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

    private static byte[] readCss() {
        try (InputStream in = ReaderResource.class.getResourceAsStream("/reader/reader.css")) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
