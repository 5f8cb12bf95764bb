package io.bindery.sites.mcp;

import io.bindery.commons.errors.ApiException;
import io.bindery.commons.lists.PageCursor;
import io.bindery.sites.reader.AgentDocs;
import io.bindery.sites.reader.Reader;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpStatelessServerFeatures;
import io.modelcontextprotocol.server.McpStatelessServerHandler;
import io.modelcontextprotocol.server.McpStatelessSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpStatelessServerTransport;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import reactor.core.publisher.Mono;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One stateless MCP server (the MCP Java SDK's) for every published site, read-only: tools {@code search} and
 * {@code get_page}, and the pages as resources: listed per site and visitor ({@link #listResources}) and read through
 * a template (their {@code .md} addresses). Which site and what
 * the visitor brought (share key, visitor token, claims) travel in the transport context of each request, so every
 * answer is what {@link AgentDocs} would serve that visitor as markdown: the same visibility rules as the HTML pages.
 */
@ApplicationScoped
public class SiteMcp {
    /** The transport context's key of the {@link Visitor} a request is for. */
    static final String VISITOR = "bindery.visitor";
    private static final int SEARCH_RESULTS = 10;
    /** Pages per resources/list answer; the client follows nextCursor for more. */
    static final int RESOURCES_PER_PAGE = 100;

    @Inject
    AgentDocs agentDocs;
    @Inject
    Reader reader;

    private final McpJsonMapper json = McpJsonDefaults.getMapper();
    private final Transport transport = new Transport();
    private McpStatelessSyncServer server;

    /**
     * The site and the visitor of one MCP request, how links are written for it, and what the visitor was found to
     * see when the request came in ({@link #seen}; null before).
     */
    public record Visitor(Reader.Request request, AgentDocs.Links links, AgentDocs.Seen seen) {
    }

    /** Hands the SDK's handler to {@link McpResource}; HTTP itself is the resource's. */
    static final class Transport implements McpStatelessServerTransport {
        volatile McpStatelessServerHandler handler;

        @Override
        public void setMcpHandler(McpStatelessServerHandler handler) {
            this.handler = handler;
        }

        @Override
        public Mono<Void> closeGracefully() {
            return Mono.empty();
        }
    }

    @PostConstruct
    void build() {
        McpSchema.Tool search = McpSchema.Tool.builder().name("search").title("Search the docs")
                .description("Searches this documentation site; returns the best matching pages with their title, "
                        + "markdown URL and an excerpt.")
                .inputSchema(Map.of("type", "object", "properties", Map.of("query", Map.of("type", "string",
                        "description", "Words to look for")), "required", List.of("query")))
                .annotations(new McpSchema.ToolAnnotations("Search the docs", true, false, true, false, null))
                .build();
        McpSchema.Tool getPage = McpSchema.Tool.builder().name("get_page").title("Read a page")
                .description("Returns one page of this documentation site as markdown, by its URL (as search returns "
                        + "it, with or without .md) or its path on the site.")
                .inputSchema(Map.of("type", "object", "properties", Map.of("url", Map.of("type", "string",
                        "description", "The page's URL or path")), "required", List.of("url")))
                .annotations(new McpSchema.ToolAnnotations("Read a page", true, false, true, false, null))
                .build();
        McpSchema.ResourceTemplate pages = McpSchema.ResourceTemplate.builder().uriTemplate("{+page}.md").name("page")
                .title("A page of the site").description("A page of this site as markdown, at its .md URL (llms.txt lists them)")
                .mimeType("text/markdown").build();
        server = McpServer.sync(transport)
                .serverInfo("bindery-docs", "1.0.0")
                .instructions("Documentation of a site published with Bindery: search it, then read pages with get_page.")
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).resources(false, false).build())
                .jsonMapper(json)
                .jsonSchemaValidator(new ToolInputSchemas())
                .uriTemplateManagerFactory(new PageUris())
                .validateToolInputs(true)
                .tools(new McpStatelessServerFeatures.SyncToolSpecification(search, (context, call) -> search(visitor(context), call)),
                        new McpStatelessServerFeatures.SyncToolSpecification(getPage, (context, call) -> getPage(visitor(context), call)))
                .resourceTemplates(new McpStatelessServerFeatures.SyncResourceTemplateSpecification(pages,
                        (context, read) -> readPage(visitor(context), read)))
                .build();
    }

    @PreDestroy
    void close() {
        if (server != null) {
            server.close();
        }
    }

    McpJsonMapper json() {
        return json;
    }

    McpStatelessServerHandler handler() {
        return transport.handler;
    }

    List<String> protocolVersions() {
        return transport.protocolVersions();
    }

    /**
     * The visitor with what they see, when the site may be read by them through MCP (the same answer as its
     * llms.txt); empty otherwise. The request's tools use what was seen here instead of reading it again.
     */
    Optional<Visitor> seen(Visitor visitor) {
        return agentDocs.seen(visitor.request()).map(seen -> new Visitor(visitor.request(), visitor.links(), seen));
    }

    /**
     * {@code resources/list}: the site's pages as this visitor may read them (what llms.txt lists), {@link
     * #RESOURCES_PER_PAGE} at a time with the protocol's cursor (the position of the next page, signed as the API's
     * cursors are). Answered here, not by the SDK: its stateless server lists the resources registered when it is
     * built, the same for every request, while which pages exist depends on the site and the visitor the request
     * carries.
     */
    McpSchema.JSONRPCResponse listResources(Visitor visitor, McpSchema.JSONRPCRequest request) {
        int from = 0;
        Object cursor = request.params() instanceof Map<?, ?> params ? params.get("cursor") : null;
        if (cursor != null) {
            try {
                from = Integer.parseInt(PageCursor.decode(String.valueOf(cursor), 1).get(0));
            } catch (ApiException | NumberFormatException e) {
                return McpSchema.JSONRPCResponse.error(request.id(), new McpSchema.JSONRPCResponse.JSONRPCError(
                        McpSchema.ErrorCodes.INVALID_PARAMS, "Invalid cursor: pass the nextCursor of the previous resources/list"));
            }
        }
        List<AgentDocs.ListedPage> pages = agentDocs.pages(visitor.request(), visitor.links()).orElse(List.of());
        int to = Math.min(pages.size(), Math.max(0, from) + RESOURCES_PER_PAGE);
        List<McpSchema.Resource> resources = pages.subList(Math.min(Math.max(0, from), to), to).stream()
                .map(p -> McpSchema.Resource.builder().uri(p.url()).name(p.path().isEmpty() ? "index" : p.path()).title(p.title())
                        .description(p.description()).mimeType("text/markdown").build())
                .toList();
        String next = to < pages.size() ? PageCursor.encode(List.of(String.valueOf(to))) : null;
        return McpSchema.JSONRPCResponse.result(request.id(), new McpSchema.ListResourcesResult(resources, next));
    }

    private static Visitor visitor(McpTransportContext context) {
        return (Visitor) context.get(VISITOR);
    }

    private McpSchema.CallToolResult search(Visitor visitor, McpSchema.CallToolRequest call) {
        Object query = call.arguments() == null ? null : call.arguments().get("query");
        if (!(query instanceof String q) || q.isBlank()) {
            return error("query is required: the words to search for");
        }
        if (q.length() > 512) {
            return error("query may be at most 512 characters long");
        }
        List<AgentDocs.Hit> hits = agentDocs.search(visitor.seen(), visitor.request(), visitor.links(), q.strip(), SEARCH_RESULTS);
        StringBuilder text = new StringBuilder();
        for (AgentDocs.Hit hit : hits) {
            text.append("- [").append(hit.title()).append("](").append(hit.url()).append(")");
            if (hit.excerpt() != null && !hit.excerpt().isBlank()) {
                text.append(": ").append(hit.excerpt());
            }
            text.append('\n');
        }
        return McpSchema.CallToolResult.builder()
                .addTextContent(hits.isEmpty() ? "No page matches \u201c" + q.strip() + "\u201d." : text.toString())
                .structuredContent(Map.of("results", hits.stream().map(h -> Map.of("title", h.title(), "url", h.url(),
                        "excerpt", h.excerpt() == null ? "" : h.excerpt())).toList()))
                .build();
    }

    private McpSchema.CallToolResult getPage(Visitor visitor, McpSchema.CallToolRequest call) {
        Object url = call.arguments() == null ? null : call.arguments().get("url");
        if (!(url instanceof String u) || u.isBlank()) {
            return error("url is required: a page's URL or path");
        }
        AgentDocs.Answer answer = agentDocs.page(pageRequest(visitor, u), visitor.links());
        return McpSchema.CallToolResult.builder().addTextContent(answer.body()).isError(answer.status() != 200).build();
    }

    private McpSchema.ReadResourceResult readPage(Visitor visitor, McpSchema.ReadResourceRequest read) {
        AgentDocs.Answer answer = agentDocs.page(pageRequest(visitor, read.uri()), visitor.links());
        if (answer.status() != 200) {
            throw io.modelcontextprotocol.spec.McpError.RESOURCE_NOT_FOUND.apply(read.uri());
        }
        return new McpSchema.ReadResourceResult(List.of(new McpSchema.TextResourceContents(read.uri(), "text/markdown", answer.body())));
    }

    /** The request for the page a URL or path names: its path below the site's base, without .md, query or anchor. */
    static Reader.Request pageRequest(Visitor visitor, String url) {
        String path = url.strip();
        try {
            URI parsed = URI.create(path.replace(" ", "%20"));
            if (parsed.getRawPath() != null) {
                path = parsed.getPath();
            }
        } catch (IllegalArgumentException e) {
            // not a URI: taken as a path
        }
        String base = visitor.request().site().base();
        if (path.startsWith(base)) {
            path = path.substring(base.length());
        }
        path = path.replaceAll("^/+", "").replaceAll("\\.md$", "").replaceAll("/+$", "");
        Reader.Request r = visitor.request();
        return new Reader.Request(r.site(), path, r.shareKey(), r.jwtToken(), r.unsignedClaims());
    }

    private static McpSchema.CallToolResult error(String message) {
        return McpSchema.CallToolResult.builder().addTextContent(message).isError(true).build();
    }
}
