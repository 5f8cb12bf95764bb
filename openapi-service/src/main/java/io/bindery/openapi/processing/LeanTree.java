package io.bindery.openapi.processing;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import io.bindery.openapi.specs.ProcessErrorCode;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A spec document read once, in one streaming pass (JSON, or YAML through Jackson's event parser: no SnakeYAML node
 * graph), into the tree swagger-parser deserializes, collecting its $refs on the way. The tree is kept small, since
 * a 5 MB spec must parse within the service's heap: the prose ({@code description} and {@code summary} strings) is
 * left out (an empty string keeps required descriptions present; the stored files keep every word), and keys and
 * short repeated strings ("string", "application/json", …) are shared. YAML anchors and aliases are kept as shared nodes
 * (merge keys {@code <<: *anchor} merged), and what they would expand to is counted: a document that would expand
 * past {@link #MAX_EXPANDED_NODES} nodes (an alias bomb) is refused, and so is a document of more nodes than the
 * heap can parse ({@link #nodeBudget()}).
 */
public final class LeanTree {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final TextNode BLANK = TextNode.valueOf("");
    static final long MAX_EXPANDED_NODES = 5_000_000;
    /**
     * Heap per node that processing a spec takes at its peak (the lean tree, swagger-parser's model, what G1 needs
     * beside them), with room to spare: 2,800 operations of bench/openapi.sh's shape (96,000 nodes) still parse in a
     * 56 MB heap holding 25 MB of other things, 3,200 (110,000) do not.
     */
    static final long HEAP_BYTES_PER_NODE = 640;

    /** The most nodes a spec (all its files) may have here: a spec the heap cannot hold is refused, not tried. */
    public static long nodeBudget() {
        return Math.min(MAX_EXPANDED_NODES, Runtime.getRuntime().maxMemory() / HEAP_BYTES_PER_NODE);
    }

    /** An open object or array: its node, and the expanded node count when it began (its size, at its end). */
    private record Frame(JsonNode node, long startCount, String anchor) {
    }

    private record Anchored(JsonNode node, long size) {
    }

    /**
     * The tree, the objects holding a {@code $ref} string, the distinct external refs (not starting with #), and the
     * nodes the document expands to (YAML aliases counted as what they stand for).
     */
    public record Doc(JsonNode tree, List<ObjectNode> refHolders, Set<String> externalRefs, long nodes) {
    }

    private LeanTree() {
    }

    private static String location(String url, JsonParser p) {
        var at = p.currentLocation();
        return at == null ? url : url + ":" + at.getLineNr() + ":" + at.getColumnNr();
    }

    /** Reads a document within {@link #nodeBudget()}. */
    public static Doc read(String text, String url) {
        return read(text, url, nodeBudget());
    }

    /**
     * Reads a document; a syntax error is a PARSE_ERROR located at {@code url:line:column}, a document of more than
     * {@code maxNodes} nodes a FETCH_ERROR (too large, as a spec over the byte limit is; aliases that expand past it
     * are a PARSE_ERROR).
     */
    public static Doc read(String text, String url, long maxNodes) {
        long limit = Math.min(maxNodes, MAX_EXPANDED_NODES);
        Map<String, TextNode> shared = new HashMap<>();
        // YAML gives every key as a new string (JSON's parser shares them): one instance per distinct key
        Map<String, String> keys = new HashMap<>();
        List<ObjectNode> holders = new ArrayList<>();
        Set<String> external = new LinkedHashSet<>();
        try (JsonParser p = (SpecFetcher.isJson(text) ? SpecFetcher.JSON : SpecFetcher.YAML).createParser(text)) {
            YAMLParser yaml = p instanceof YAMLParser y ? y : null;
            JsonToken first = p.nextToken();
            if (first == null) {
                throw ProcessingFailure.of(ProcessErrorCode.PARSE_ERROR, "the document is empty", url);
            }
            if (first != JsonToken.START_OBJECT) {
                throw ProcessingFailure.of(ProcessErrorCode.PARSE_ERROR, "the document is not an object (an OpenAPI "
                        + "document starts with openapi: or swagger:)", url);
            }
            ObjectNode root = NODES.objectNode();
            Map<String, Anchored> anchors = new HashMap<>();
            Deque<Frame> stack = new ArrayDeque<>();
            stack.push(new Frame(root, 0, null));
            long expanded = 1;
            String field = null;
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                JsonNode parent = stack.peek().node();
                if (t == JsonToken.FIELD_NAME) {
                    field = keys.computeIfAbsent(p.currentName(), k -> k);
                    continue;
                }
                if (t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) {
                    Frame done = stack.pop();
                    if (done.anchor() != null) {
                        anchors.put(done.anchor(), new Anchored(done.node(), expanded - done.startCount()));
                    }
                    continue;
                }
                String anchor = yaml == null ? null : yaml.getObjectId();
                JsonNode value;
                if (yaml != null && t == JsonToken.VALUE_STRING && yaml.isCurrentAlias()) {
                    Anchored target = anchors.get(p.getText());
                    if (target == null) {
                        throw ProcessingFailure.of(ProcessErrorCode.PARSE_ERROR, "the YAML alias *" + p.getText()
                                + " has no anchor before it", location(url, p));
                    }
                    expanded += target.size();
                    if (expanded > limit) {
                        throw ProcessingFailure.of(ProcessErrorCode.PARSE_ERROR, "the document's YAML aliases expand "
                                + "to more than " + limit + " nodes", location(url, p));
                    }
                    if ("<<".equals(field) && parent instanceof ObjectNode o && target.node() instanceof ObjectNode merged) {
                        // a merge key: the anchored mapping's entries, under the keys this mapping does not set itself
                        merged.properties().forEach(e -> {
                            if (!o.has(e.getKey())) {
                                o.set(e.getKey(), e.getValue());
                            }
                        });
                        continue;
                    }
                    value = target.node();
                } else {
                    if (++expanded > limit) {
                        throw ProcessingFailure.of(ProcessErrorCode.FETCH_ERROR, "the spec's files have more than "
                                + nodeBudget() + " nodes (objects, arrays and values) in all, more than this service's "
                                + "memory can parse", location(url, p));
                    }
                    value = switch (t) {
                        case START_OBJECT -> NODES.objectNode();
                        case START_ARRAY -> NODES.arrayNode();
                        case VALUE_STRING -> {
                            String s = p.getText();
                            if (parent instanceof ObjectNode holder && field != null) {
                                if ("$ref".equals(field)) {
                                    holders.add(holder);
                                    if (!s.startsWith("#") && !s.isBlank()) {
                                        external.add(s);
                                    }
                                } else if ("description".equals(field) || "summary".equals(field)) {
                                    yield BLANK;
                                }
                            }
                            yield s.length() <= 40 ? shared.computeIfAbsent(s, TextNode::valueOf) : TextNode.valueOf(s);
                        }
                        case VALUE_NUMBER_INT -> switch (p.getNumberType()) {
                            case INT -> NODES.numberNode(p.getIntValue());
                            case LONG -> NODES.numberNode(p.getLongValue());
                            default -> NODES.numberNode(p.getBigIntegerValue());
                        };
                        case VALUE_NUMBER_FLOAT -> NODES.numberNode(p.getDecimalValue());
                        case VALUE_TRUE -> NODES.booleanNode(true);
                        case VALUE_FALSE -> NODES.booleanNode(false);
                        case VALUE_NULL -> NODES.nullNode();
                        default -> NODES.textNode(p.getText());
                    };
                    if (anchor != null && t != JsonToken.START_OBJECT && t != JsonToken.START_ARRAY) {
                        anchors.put(anchor, new Anchored(value, 1));
                    }
                }
                if (parent instanceof ObjectNode o) {
                    o.set(field, value);
                } else {
                    ((ArrayNode) parent).add(value);
                }
                if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                    stack.push(new Frame(value, expanded - 1, anchor));
                }
            }
            return new Doc(root, holders, external, expanded);
        } catch (JsonProcessingException e) {
            var at = e.getLocation();
            throw ProcessingFailure.of(ProcessErrorCode.PARSE_ERROR, "the document is neither valid JSON nor YAML: "
                            + SpecFetcher.firstLine(e.getOriginalMessage()),
                    at == null ? url : url + ":" + at.getLineNr() + ":" + at.getColumnNr());
        } catch (IOException e) {
            throw ProcessingFailure.of(ProcessErrorCode.PARSE_ERROR, "the document cannot be read: " + e.getMessage(), url);
        }
    }
}
