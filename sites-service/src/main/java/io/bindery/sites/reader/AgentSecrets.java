package io.bindery.sites.reader;

import jakarta.ws.rs.core.MultivaluedMap;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * What an agent's request says about its visitor (the agent surfaces: {@code .md}, llms.txt and the MCP server): an
 * agent keeps no cookie, so the share key ({@code ?share=}), the visitor token ({@code ?jwt_token=} or
 * {@code Authorization: Bearer}) and unsigned claims ({@code ?visitor.<claim>=}) come with each request, and the
 * links written for it carry the same query on ({@code carried}, "" or {@code ?…}).
 */
public record AgentSecrets(String share, String token, Map<String, String> unsigned, String carried) {

    public static AgentSecrets of(MultivaluedMap<String, String> query, String authorization) {
        String token = query.getFirst("jwt_token");
        if (token == null && authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            token = authorization.substring(7).strip();
        }
        Map<String, String> unsigned = new HashMap<>();
        StringBuilder carried = new StringBuilder();
        query.forEach((name, values) -> {
            if (values.isEmpty()) {
                return;
            }
            boolean claim = name.startsWith("visitor.") && name.length() > "visitor.".length();
            if (claim) {
                unsigned.put(name.substring("visitor.".length()), values.get(0));
            }
            if (claim || name.equals("share") || name.equals("jwt_token")) {
                carried.append(carried.isEmpty() ? "?" : "&").append(encode(name)).append('=').append(encode(values.get(0)));
            }
        });
        return new AgentSecrets(query.getFirst("share"), token, unsigned, carried.toString());
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
