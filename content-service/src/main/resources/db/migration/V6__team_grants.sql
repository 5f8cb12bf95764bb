-- Grants to teams of the organization on spaces and collections (GitBook's "permissions/teams"). A team's
-- members get the role through the team projection (projected_team_member, from identity's events).
CREATE TABLE content_team_grant (
    target_id       text NOT NULL,
    team_id         text NOT NULL,
    target_type     text NOT NULL CHECK (target_type IN ('space', 'collection')),
    organization_id text NOT NULL,
    role            text NOT NULL,
    created_at      timestamptz NOT NULL,
    PRIMARY KEY (target_id, team_id)
);
CREATE INDEX content_team_grant_by_team ON content_team_grant (team_id, target_id);
