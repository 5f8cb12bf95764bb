package io.bindery.sites.mcp;

import io.bindery.commons.errors.ApiException;
import io.bindery.commons.urls.PublicUrls;
import io.bindery.sites.reader.AgentDocs;
import io.bindery.sites.reader.AgentSecrets;
import io.bindery.sites.reader.Reader;
import io.bindery.sites.reader.ReaderResource;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.spec.HttpHeaders;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;

/**
 * A published site's MCP server, {@code /s/<site>/~gitbook/mcp} (and {@code /~gitbook/mcp} on the site's hostname,
 * which the gateway sends here as {@code /s/~host/~gitbook/mcp}): Streamable HTTP, stateless (no session: every POST
 * carries one JSON-RPC message and is answered with JSON; GET and DELETE are 405). The visitor's share key or visitor
 * token comes as {@code ?share=}, {@code ?jwt_token=} or {@code Authorization: Bearer <visitor token>} (no cookie: a
 * page in a browser cannot call this on the visitor's behalf); a site the visitor may not read, or whose agentsContext
 * is excluded, answers 404 before any MCP message is read.
 */
@Path("/s/{site}/~gitbook/mcp")
public class McpResource {
    private static final String SITE_HOST = "X-Bindery-Site-Host";
    /** The largest JSON-RPC message taken (a tool call with a query or a URL is far smaller). */
    private static final int MAX_BODY = 64 * 1024;

    @Inject
    SiteMcp mcp;
    @Inject
    PublicUrls urls;

    @POST
    @Consumes(MediaType.WILDCARD)
    public Response post(@PathParam("site") String site, @HeaderParam(SITE_HOST) String host,
                         @HeaderParam("Authorization") String authorization, @HeaderParam("Accept") String accept,
                         @HeaderParam(HttpHeaders.PROTOCOL_VERSION) String protocolVersion,
                         @HeaderParam("X-Forwarded-Proto") String proto, @Context UriInfo uri, byte[] body) {
        SiteMcp.Visitor visitor = mcp.seen(visitor(site, host, authorization, proto, uri))
                .orElseThrow(() -> ApiException.notFound("This site does not exist, is not published, or has no MCP server."));
        if (accept == null || !accept.contains(MediaType.APPLICATION_JSON) || !accept.contains("text/event-stream")) {
            return error(400, McpSchema.ErrorCodes.INVALID_REQUEST,
                    "Accept must name both application/json and text/event-stream (Streamable HTTP)");
        }
        if (protocolVersion != null && !mcp.protocolVersions().contains(protocolVersion)) {
            return error(400, McpSchema.ErrorCodes.INVALID_REQUEST,
                    "Unsupported MCP-Protocol-Version (supported: " + String.join(", ", mcp.protocolVersions()) + ")");
        }
        if (body == null || body.length == 0 || body.length > MAX_BODY) {
            return error(body != null && body.length > MAX_BODY ? 413 : 400, McpSchema.ErrorCodes.INVALID_REQUEST,
                    "The body must be one JSON-RPC message of at most " + MAX_BODY + " bytes");
        }
        McpSchema.JSONRPCMessage message;
        try {
            message = McpSchema.deserializeJsonRpcMessage(mcp.json(), new String(body, StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            return error(400, McpSchema.ErrorCodes.PARSE_ERROR, "Not a JSON-RPC message");
        }
        McpTransportContext context = McpTransportContext.create(Map.of(SiteMcp.VISITOR, visitor));
        if (message instanceof McpSchema.JSONRPCRequest request && McpSchema.METHOD_RESOURCES_LIST.equals(request.method())) {
            // per site and visitor, which the SDK's stateless server cannot list (see SiteMcp.listResources)
            return json(200, mcp.listResources(visitor, request));
        }
        if (message instanceof McpSchema.JSONRPCRequest request) {
            McpSchema.JSONRPCResponse response = mcp.handler().handleRequest(context, request)
                    .contextWrite(c -> c.put(McpTransportContext.KEY, context)).block();
            return json(200, response);
        }
        if (message instanceof McpSchema.JSONRPCNotification notification) {
            mcp.handler().handleNotification(context, notification).contextWrite(c -> c.put(McpTransportContext.KEY, context)).block();
            return Response.accepted().build();
        }
        return error(400, McpSchema.ErrorCodes.INVALID_REQUEST, "The server takes requests and notifications only");
    }

    /** Stateless: no stream of server messages to open, no session to end. */
    @GET
    public Response get() {
        return Response.status(405).header("Allow", "POST").build();
    }

    @DELETE
    public Response delete() {
        return Response.status(405).header("Allow", "POST").build();
    }

    private SiteMcp.Visitor visitor(String site, String host, String authorization, String proto, UriInfo uri) {
        boolean byHost = "~host".equals(site);
        String hostname = host == null ? "" : host.strip().toLowerCase(Locale.ROOT).replaceFirst(":\\d+$", "");
        if (byHost && hostname.isEmpty()) {
            throw ApiException.notFound("This site does not exist, is not published, or has no MCP server.");
        }
        Reader.SiteRef ref = byHost ? Reader.SiteRef.host(hostname) : Reader.SiteRef.path(site);
        AgentSecrets secrets = AgentSecrets.of(uri.getQueryParameters(), authorization);
        boolean secure = "https".equalsIgnoreCase(proto) || "https".equalsIgnoreCase(uri.getRequestUri().getScheme());
        String prefix = byHost ? (secure ? "https://" : "http://") + hostname : urls.base();
        return new SiteMcp.Visitor(new Reader.Request(ref, "", secrets.share(), secrets.token(), secrets.unsigned()),
                new AgentDocs.Links(prefix, secrets.carried()), null);
    }

    private Response json(int status, Object value) {
        try {
            return Response.status(status).type(MediaType.APPLICATION_JSON).entity(mcp.json().writeValueAsString(value)).build();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private Response error(int status, int code, String message) {
        // JSON-RPC's error without a request id (the SDK's response type refuses a null id)
        Map<String, Object> error = new java.util.LinkedHashMap<>();
        error.put("jsonrpc", McpSchema.JSONRPC_VERSION);
        error.put("id", null);
        error.put("error", Map.of("code", code, "message", message));
        return json(status, error);
    }
}
