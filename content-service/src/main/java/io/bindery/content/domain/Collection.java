package io.bindery.content.domain;

import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/** A group of spaces and collections inside an organization; nestable. */
@Entity
@Table(name = "collection")
public class Collection extends PlacedEntity {
    public String description;

    @Override
    public String type() {
        return "collection";
    }
}
