package io.bindery.content.domain;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import java.time.Instant;

/** An immutable snapshot of a space's content. */
@Entity
@Table(name = "revision")
public class Revision extends PanacheEntityBase {
    @Id
    public String id;
    @Column(name = "space_id", nullable = false)
    public String spaceId;
    @JdbcTypeCode(SqlTypes.ARRAY)
    @Column(name = "parents", columnDefinition = "text[]", nullable = false)
    public String[] parents = new String[0];
    /** GitBook's revision type: "edits" for written content. */
    @Column(nullable = false)
    public String type;
    @Column(name = "created_at", nullable = false)
    public Instant createdAt;
}
