package io.bindery.insights.instructions;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** An organization's Docs agent instructions, stored as markdown. */
@Entity
@Table(name = "agent_instructions")
public class AgentInstructions {
    @Id
    @Column(name = "organization_id")
    public String organizationId;
    public String markdown;
    @Column(name = "updated_at")
    public Instant updatedAt;
    @Column(name = "updated_by")
    public String updatedBy;
}
