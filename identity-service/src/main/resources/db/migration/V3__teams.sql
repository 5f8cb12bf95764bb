-- Teams of an organization and their members (role owner | member).
CREATE TABLE team (
    id              TEXT PRIMARY KEY,
    organization_id TEXT        NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
    title           TEXT        NOT NULL,
    created_by      TEXT        NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL
);
CREATE INDEX team_org ON team (organization_id, created_at, id);

CREATE TABLE team_member (
    team_id  TEXT        NOT NULL REFERENCES team (id) ON DELETE CASCADE,
    user_id  TEXT        NOT NULL,
    role     TEXT        NOT NULL,
    added_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (team_id, user_id)
);
CREATE INDEX team_member_user ON team_member (user_id);
