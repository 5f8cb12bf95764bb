package io.bindery.anchor;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** One row of anchor.item: about the columns of a space that GET /v1/spaces/{id} shows. */
@Entity
@Table(name = "item")
public class Item extends PanacheEntityBase {
    @Id
    public String id;
    public String title;
    public String emoji;
    public String visibility;
    public String organizationId;
    public Instant createdAt;
    public Instant updatedAt;
}
