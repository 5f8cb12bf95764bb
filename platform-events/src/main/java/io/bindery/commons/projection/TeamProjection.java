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
    ProjectedTeamStore teams;
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
        Optional<Boolean> local = QuarkusTransaction.joiningExisting()
                .call(() -> teams.activeIn(organizationId, teamId));
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
            teams.upsertTeam(teamId, organizationId, true, asOf);
            for (String user : members) {
                teams.upsertMember(teamId, user, organizationId, true, asOf);
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
        teams.upsertTeam(teamId, org, !deleted, version);
        if (deleted) {
            deletions.fire(new TeamDeleted(org, teamId));
        }
        if (change != null) {
            change.added().forEach(u -> teams.upsertMember(teamId, u, org, true, version));
            change.changed().forEach(u -> teams.upsertMember(teamId, u, org, true, version));
            change.removed().forEach(u -> teams.upsertMember(teamId, u, org, false, version));
        }
        return true;
    }
}
