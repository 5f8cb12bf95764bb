package io.bindery.content.items;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.errors.ApiException;
import io.bindery.content.domain.ContentItem;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.OptionalDouble;

/**
 * Where items sit inside a parent (a collection, or an organization's root). Spaces and collections of
 * one parent share one order, by (position, id); a move "before"/"after" a sibling takes the midpoint
 * between neighbours, and the parent is renumbered in the rare case two positions get too close.
 */
@ApplicationScoped
public class Placement {
    static final double GAP = 1024;

    @Inject
    PlacementStore store;

    record Sibling(String type, String id, double position) {
    }

    /** The position after the last item of a parent. */
    public double last(String organizationId, String parentId) {
        Double max = store.maxPosition(organizationId, parentId);
        return max == null ? GAP : max + GAP;
    }

    /** The position of a new item placed right after one of its siblings (a duplicate next to its original). */
    public double after(ContentItem newItem, ContentItem sibling) {
        return place(newItem, 0, newItem.organizationId(), newItem.parentId(), null,
                new Pointer(sibling.type(), sibling.id())).orElseThrow();
    }

    /**
     * The new position of {@code self} in {@code targetParent} for a move body's {@code position}; empty when the
     * item already sits there (the move would change nothing).
     */
    public OptionalDouble place(ContentItem self, double selfPosition, String organizationId, String targetParent,
                                JsonNode position) {
        return place(self, selfPosition, organizationId, targetParent, pointer(position, "before", self),
                pointer(position, "after", self));
    }

    private OptionalDouble place(ContentItem self, double selfPosition, String organizationId, String targetParent,
                                 Pointer before, Pointer after) {
        boolean sameParent = self.organizationId().equals(organizationId)
                && java.util.Objects.equals(self.parentId(), targetParent);
        if (before == null && after == null) {
            return sameParent ? OptionalDouble.empty() : OptionalDouble.of(last(organizationId, targetParent));
        }
        for (int attempt = 0; attempt < 2; attempt++) {
            Sibling b = before == null ? null : requireSibling(organizationId, targetParent, before, "position.before");
            Sibling a = after == null ? null : requireSibling(organizationId, targetParent, after, "position.after");
            double lo;
            double hi;
            if (a != null && b != null) {
                Sibling next = neighbour(organizationId, targetParent, a.position(), a.id(), true, self.id());
                if (next == null || !next.id().equals(b.id())) {
                    throw ApiException.badRequest("position: before and after must name two adjacent siblings, after first");
                }
                if (sameParent && isBetween(selfPosition, self.id(), a, b)) {
                    return OptionalDouble.empty();
                }
                lo = a.position();
                hi = b.position();
            } else if (b != null) {
                Sibling prevWithSelf = neighbour(organizationId, targetParent, b.position(), b.id(), false, null);
                if (sameParent && prevWithSelf != null && prevWithSelf.id().equals(self.id())) {
                    return OptionalDouble.empty();
                }
                Sibling prev = neighbour(organizationId, targetParent, b.position(), b.id(), false, self.id());
                hi = b.position();
                lo = prev == null ? hi - 2 * GAP : prev.position();
            } else {
                Sibling nextWithSelf = neighbour(organizationId, targetParent, a.position(), a.id(), true, null);
                if (sameParent && nextWithSelf != null && nextWithSelf.id().equals(self.id())) {
                    return OptionalDouble.empty();
                }
                Sibling next = neighbour(organizationId, targetParent, a.position(), a.id(), true, self.id());
                lo = a.position();
                hi = next == null ? lo + 2 * GAP : next.position();
            }
            double mid = (lo + hi) / 2;
            if (mid > lo && mid < hi) {
                return OptionalDouble.of(mid);
            }
            renumber(organizationId, targetParent);
        }
        throw new IllegalStateException("no room between siblings after renumbering");
    }

    private static boolean isBetween(double position, String id, Sibling a, Sibling b) {
        return compare(position, id, a) > 0 && compare(position, id, b) < 0;
    }

    private static int compare(double position, String id, Sibling s) {
        int c = Double.compare(position, s.position());
        return c != 0 ? c : id.compareTo(s.id());
    }

    record Pointer(String type, String id) {
    }

    private static Pointer pointer(JsonNode position, String field, ContentItem self) {
        if (position == null || position.isNull() || position.isMissingNode()) {
            return null;
        }
        if (!position.isObject()) {
            throw ApiException.badRequest("position must be an object {before?, after?}");
        }
        JsonNode p = position.get(field);
        if (p == null || p.isNull()) {
            return null;
        }
        String name = "position." + field;
        if (!p.isObject()) {
            throw ApiException.badRequest(name + " must be an object {type, space|collection}");
        }
        String type = p.path("type").isTextual() ? p.get("type").asText() : null;
        if (!"space".equals(type) && !"collection".equals(type)) {
            throw ApiException.badRequest(name + ".type must be space or collection");
        }
        JsonNode id = p.get(type);
        if (id == null || !id.isTextual() || id.asText().isBlank()) {
            throw ApiException.badRequest(name + "." + type + " must be the id of a " + type);
        }
        if (id.asText().equals(self.id())) {
            throw ApiException.badRequest(name + " cannot point at the item being moved");
        }
        return new Pointer(type, id.asText());
    }

    private Sibling requireSibling(String organizationId, String parentId, Pointer pointer, String field) {
        Double position = store.position(pointer.type(), pointer.id(), organizationId, parentId);
        if (position == null) {
            throw ApiException.badRequest(field + ": " + pointer.type() + " " + pointer.id() + " is not a sibling in the target "
                    + (parentId == null ? "organization root" : "collection " + parentId));
        }
        return new Sibling(pointer.type(), pointer.id(), position);
    }

    /** The sibling right after (or before) a (position, id) key, leaving out {@code excludeId}. */
    private Sibling neighbour(String organizationId, String parentId, double position, String id, boolean next, String excludeId) {
        return store.neighbour(organizationId, parentId, position, id, next, excludeId);
    }

    /** Spreads a parent's items evenly again, keeping their order. */
    void renumber(String organizationId, String parentId) {
        store.renumber(organizationId, parentId, GAP);
    }
}
