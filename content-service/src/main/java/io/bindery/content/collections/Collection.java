package io.bindery.content.collections;

import io.bindery.content.domain.PlacedEntity;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/** A group of spaces and collections inside an organization; nestable. */
/* An UPDATE sets only the columns this transaction changed, never a stale copy of the others. */
@org.hibernate.annotations.DynamicUpdate
@Entity
@Table(name = "collection")
public class Collection extends PlacedEntity {
    public String description;

    @Override
    public String type() {
        return "collection";
    }

    /** A deleted collection is removed (its spaces go to the trash), never kept as a deleted row. */
    @Override
    public boolean deleted() {
        return false;
    }
}
