-- Local projection of identity's teams and their members, kept by identity's team events
-- (bindery.identity.events) and filled by a read-through to identity's internal API when a team is first
-- granted content. `version` is the time of the newest fact applied to the row: older, redelivered or
-- reordered events are ignored. Rows are never deleted, only made inactive, so a late event cannot revive them.
CREATE TABLE projected_team (
    id              TEXT PRIMARY KEY,
    organization_id TEXT        NOT NULL,
    active          BOOLEAN     NOT NULL,
    version         TIMESTAMPTZ NOT NULL
);

CREATE TABLE projected_team_member (
    team_id         TEXT        NOT NULL,
    user_id         TEXT        NOT NULL,
    organization_id TEXT        NOT NULL,
    active          BOOLEAN     NOT NULL,
    version         TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (team_id, user_id)
);
CREATE INDEX projected_team_member_user ON projected_team_member (user_id, team_id) WHERE active;
