package io.bindery.commons.projection;

import io.bindery.contracts.identity.TeamResponse;
import io.bindery.contracts.identity.IdentityEventTypes;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.contracts.identity.TeamChanged;
import io.bindery.contracts.identity.TeamMembersChanged;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Teams and team membership as another service sees them, for grants to teams: kept current from identity's
 * team events ({@link IdentityEventsConsumer}) and read through to identity's internal API when a team is
 * named in a request, so a team created a moment ago can be granted at once. Every write compares versions
 * (the time of the fact), so redelivered and reordered events change nothing.
 * <p>
 * Access checks join {@code projected_team_member} (active rows) with {@code projected_team} (active rows):
 * removing a member from a team, or deleting the team, takes its grants away as soon as the event is applied.
 */
@ApplicationScoped
public class TeamProjection {

    @Inject
    EntityManager em;
    @Inject
    IdentityClient identity;
    @Inject
    Event<TeamDeleted> deletions;
    @Inject
    ObjectMapper json;

    /** Fired (inside the applying transaction) when a team is deleted, for the service to drop its grants. */
    public record TeamDeleted(String organizationId, String teamId) {
    }

    /**
     * Whether the team exists in the organization: the local projection when it knows the team, else identity
     * (whose answer is then kept, with the team's members). Runs in its own transaction when none is active.
     */
    public boolean exists(String organizationId, String teamId) {
        Optional<Boolean> local = QuarkusTransaction.joiningExisting().call(() -> {
            @SuppressWarnings("unchecked")
            List<Object[]> rows = em.createNativeQuery("SELECT organization_id, active FROM projected_team WHERE id = :t")
                    .setParameter("t", teamId).getResultList();
            return rows.isEmpty() ? Optional.<Boolean>empty()
                    : Optional.of(organizationId.equals(rows.get(0)[0]) && Boolean.TRUE.equals(rows.get(0)[1]));
        });
        if (local.isPresent()) {
            return local.get();
        }
        Optional<TeamResponse> remote = identity.team(organizationId, teamId);
        if (remote.isEmpty()) {
            return false;
        }
        Instant asOf = remote.get().asOf();
        List<String> members = remote.get().members() == null ? List.of() : remote.get().members();
        QuarkusTransaction.joiningExisting().run(() -> {
            upsertTeam(teamId, organizationId, true, asOf);
            for (String user : members) {
                upsertMember(teamId, user, organizationId, true, asOf);
            }
        });
        return true;
    }

    /**
     * Applies one CloudEvent of bindery.identity.events: returns false when it says nothing this projection
     * keeps. Idempotent by version. Must run inside a transaction.
     */
    public boolean apply(JsonNode event) {
        return apply(IdentityEvent.read(json, event));
    }

    /** {@link #apply(JsonNode)} of an event already read. */
    public boolean apply(IdentityEvent event) {
        TeamChanged team = event.data(TeamChanged.class);
        TeamMembersChanged change = event.data(TeamMembersChanged.class);
        String teamId = team != null ? team.id() : change != null ? change.id() : null;
        String org = team != null ? team.organization() : change != null ? change.organization() : null;
        if (teamId == null || org == null || event.time() == null) {
            return false; // no team event, or one of identity versions before teams carried their organization
        }
        Instant version = Instant.parse(event.time());
        boolean deleted = IdentityEventTypes.TEAM_DELETED.equals(event.type());
        upsertTeam(teamId, org, !deleted, version);
        if (deleted) {
            deletions.fire(new TeamDeleted(org, teamId));
        }
        if (change != null) {
            change.added().forEach(u -> upsertMember(teamId, u, org, true, version));
            change.changed().forEach(u -> upsertMember(teamId, u, org, true, version));
            change.removed().forEach(u -> upsertMember(teamId, u, org, false, version));
        }
        return true;
    }

    private void upsertTeam(String id, String org, boolean active, Instant version) {
        // a deletion is final: a reordered "created" or "members updated" of the same instant cannot revive it
        em.createNativeQuery("""
                        INSERT INTO projected_team (id, organization_id, active, version) VALUES (:id, :org, :active, :v)
                        ON CONFLICT (id) DO UPDATE SET active = EXCLUDED.active AND projected_team.active,
                            version = GREATEST(projected_team.version, EXCLUDED.version)
                        WHERE projected_team.version <= EXCLUDED.version OR NOT EXCLUDED.active""")
                .setParameter("id", id).setParameter("org", org).setParameter("active", active)
                .setParameter("v", version).executeUpdate();
    }

    private void upsertMember(String team, String user, String org, boolean active, Instant version) {
        em.createNativeQuery("""
                        INSERT INTO projected_team_member (team_id, user_id, organization_id, active, version)
                        VALUES (:team, :user, :org, :active, :v)
                        ON CONFLICT (team_id, user_id) DO UPDATE SET active = EXCLUDED.active, version = EXCLUDED.version
                        WHERE projected_team_member.version <= EXCLUDED.version""")
                .setParameter("team", team).setParameter("user", user).setParameter("org", org)
                .setParameter("active", active).setParameter("v", version).executeUpdate();
    }
}
