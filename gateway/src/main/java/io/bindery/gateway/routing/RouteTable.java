package io.bindery.gateway.routing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The routing table: path templates (relative to {@code /v1}) to service names, compiled once into a trie so a
 * request is matched by walking its path segments, without regular expressions or allocation.
 *
 * <p>Template syntax: literal segments, {@code {name}} for exactly one non-empty segment, and a trailing
 * {@code /**} for zero or more further segments. When several templates match, the most specific wins, compared
 * segment by segment: a literal beats {@code {param}}, which beats {@code **}; a path ending exactly where a
 * template ends beats a {@code /**} that matches zero segments. The trie is searched depth-first in that order of
 * preference, so the first complete match is the most specific one.
 */
public final class RouteTable {
    /** {@link #match} found no template. */
    public static final int NO_ROUTE = -1;
    /** {@link #match} refused the path: it has a {@code .} or {@code ..} segment (plain or percent-encoded). */
    public static final int BAD_PATH = -2;

    private static final String[] NO_KEYS = new String[0];
    private static final Node[] NO_NODES = new Node[0];

    private final Node root;
    private final String[] services;

    private RouteTable(Node root, String[] services) {
        this.root = root;
        this.services = services;
    }

    /**
     * Compiles entries of the form {@code "<template> <service>"}.
     *
     * @throws IllegalArgumentException naming the entry, when one is malformed or two identical templates name
     *                                  different services
     */
    public static RouteTable compile(List<String> entries) {
        Map<String, Integer> serviceIndex = new LinkedHashMap<>();
        Node root = new Node();
        for (String entry : entries) {
            String[] parts = entry == null ? new String[0] : entry.trim().split("\\s+");
            if (parts.length != 2) {
                throw new IllegalArgumentException("route '" + entry + "' must be '<path template> <service>'");
            }
            String template = parts[0];
            int service = serviceIndex.computeIfAbsent(parts[1], k -> serviceIndex.size());
            add(root, template, service, entry);
        }
        root.freeze();
        return new RouteTable(root, serviceIndex.keySet().toArray(new String[0]));
    }

    private static void add(Node root, String template, int service, String entry) {
        if (!template.startsWith("/")) {
            throw new IllegalArgumentException("route '" + entry + "': the template must start with '/'");
        }
        String[] segments = template.equals("/") ? new String[0] : template.substring(1).split("/", -1);
        Node node = root;
        for (int i = 0; i < segments.length; i++) {
            String seg = segments[i];
            if (seg.equals("**")) {
                if (i != segments.length - 1) {
                    throw new IllegalArgumentException("route '" + entry + "': '**' may only be the last segment");
                }
                node.rest = assign(node.rest, service, entry);
                return;
            }
            if (seg.isEmpty()) {
                throw new IllegalArgumentException("route '" + entry + "': empty path segment");
            }
            if (seg.startsWith("{") && seg.endsWith("}") && seg.length() > 2) {
                if (node.param == null) {
                    node.param = new Node();
                }
                node = node.param;
            } else if (seg.indexOf('{') >= 0 || seg.indexOf('}') >= 0 || seg.indexOf('*') >= 0) {
                throw new IllegalArgumentException("route '" + entry + "': bad segment '" + seg + "'");
            } else {
                node = node.literals.computeIfAbsent(seg, k -> new Node());
            }
        }
        node.exact = assign(node.exact, service, entry);
    }

    private static int assign(int existing, int service, String entry) {
        if (existing >= 0 && existing != service) {
            throw new IllegalArgumentException("route '" + entry + "' duplicates a template routed to another service");
        }
        return service;
    }

    /** The service names, indexed by the numbers {@link #match} returns. */
    public List<String> services() {
        return List.of(services);
    }

    public String service(int index) {
        return services[index];
    }

    /**
     * Matches {@code path.substring(from)} (which is empty or starts with {@code /}), e.g. {@code from = 3} for a
     * request path {@code /v1/...}.
     *
     * @return the index of the service, {@link #NO_ROUTE} or {@link #BAD_PATH}
     */
    public int match(String path, int from) {
        int end = path.length();
        if (from < end && path.charAt(from) != '/') {
            return NO_ROUTE;
        }
        if (hasDotSegment(path, from, end)) {
            return BAD_PATH;
        }
        return match(root, path, from, end);
    }

    /** The service for a path relative to /v1 (e.g. {@code /spaces/a}), or null. For tests and tools. */
    public String serviceFor(String relativePath) {
        int i = match(relativePath, 0);
        return i >= 0 ? services[i] : null;
    }

    private static int match(Node node, String path, int pos, int end) {
        if (pos >= end) {
            return node.exact >= 0 ? node.exact : node.rest;
        }
        int start = pos + 1;
        int stop = path.indexOf('/', start);
        if (stop < 0 || stop > end) {
            stop = end;
        }
        int len = stop - start;
        String[] keys = node.keys;
        for (int i = 0; i < keys.length; i++) {
            String key = keys[i];
            if (key.length() == len && path.regionMatches(start, key, 0, len)) {
                int found = match(node.children[i], path, stop, end);
                if (found >= 0) {
                    return found;
                }
                break; // literal keys are unique
            }
        }
        if (node.param != null && len > 0) {
            int found = match(node.param, path, stop, end);
            if (found >= 0) {
                return found;
            }
        }
        return node.rest;
    }

    static boolean hasDotSegment(String path, int from, int end) {
        int pos = from;
        while (pos < end) {
            int start = pos + 1;
            int stop = path.indexOf('/', start);
            if (stop < 0 || stop > end) {
                stop = end;
            }
            if (stop - start <= 6 && isDotSegment(path, start, stop)) {
                return true;
            }
            pos = stop;
        }
        return false;
    }

    private static boolean isDotSegment(String path, int start, int stop) {
        int dots = 0;
        int i = start;
        while (i < stop) {
            char c = path.charAt(i);
            if (c == '.') {
                dots++;
                i++;
            } else if (c == '%' && i + 2 < stop
                    && path.charAt(i + 1) == '2' && (path.charAt(i + 2) == 'e' || path.charAt(i + 2) == 'E')) {
                dots++;
                i += 3;
            } else {
                return false;
            }
        }
        return dots == 1 || dots == 2;
    }

    private static final class Node {
        final Map<String, Node> literals = new LinkedHashMap<>();
        String[] keys = NO_KEYS;
        Node[] children = NO_NODES;
        Node param;
        int exact = NO_ROUTE;
        int rest = NO_ROUTE;

        void freeze() {
            keys = literals.keySet().toArray(NO_KEYS);
            List<Node> nodes = new ArrayList<>(literals.values());
            children = nodes.toArray(NO_NODES);
            for (Node child : children) {
                child.freeze();
            }
            if (param != null) {
                param.freeze();
            }
        }

        @Override
        public String toString() {
            return Arrays.toString(keys);
        }
    }
}
