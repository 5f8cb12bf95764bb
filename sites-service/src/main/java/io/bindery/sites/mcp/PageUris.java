package io.bindery.sites.mcp;

import io.modelcontextprotocol.util.McpUriTemplateManager;
import io.modelcontextprotocol.util.McpUriTemplateManagerFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * URI templates for the SDK's resource matching with RFC 6570's reserved expansion: {@code {+page}} takes slashes
 * (a page's URL is {@code https://host/s/site/guide/install.md}), {@code {name}} does not. The SDK's own matcher
 * knows only the second.
 */
final class PageUris implements McpUriTemplateManagerFactory {
    private static final Pattern VARIABLE = Pattern.compile("\\{(\\+?)([A-Za-z0-9_]+)\\}");

    @Override
    public McpUriTemplateManager create(String template) {
        List<String> names = new ArrayList<>();
        StringBuilder regex = new StringBuilder();
        Matcher m = VARIABLE.matcher(template);
        int at = 0;
        while (m.find()) {
            regex.append(Pattern.quote(template.substring(at, m.start()))).append(m.group(1).isEmpty() ? "([^/]+)" : "(\\S+)");
            names.add(m.group(2));
            at = m.end();
        }
        regex.append(Pattern.quote(template.substring(at)));
        Pattern pattern = Pattern.compile(regex.toString());
        return new McpUriTemplateManager() {
            @Override
            public List<String> getVariableNames() {
                return List.copyOf(names);
            }

            @Override
            public Map<String, String> extractVariableValues(String uri) {
                Map<String, String> values = new LinkedHashMap<>();
                Matcher found = pattern.matcher(uri);
                if (found.matches()) {
                    for (int i = 0; i < names.size(); i++) {
                        values.put(names.get(i), found.group(i + 1));
                    }
                }
                return values;
            }

            @Override
            public boolean matches(String uri) {
                return pattern.matcher(uri).matches();
            }

            @Override
            public boolean isUriTemplate(String uri) {
                return VARIABLE.matcher(uri).find();
            }
        };
    }
}
