-- Organization membership queries and invites.
CREATE INDEX member_org_joined ON member (organization_id, joined_at, user_id);
CREATE INDEX member_org_seen ON member (organization_id, last_seen_at, user_id) WHERE last_seen_at IS NOT NULL;
CREATE INDEX organization_email_domains ON organization USING GIN (email_domains jsonb_path_ops);

-- Link invites: anyone holding the link may join the organization with the invite's role.
CREATE TABLE link_invite (
    id              TEXT PRIMARY KEY,
    organization_id TEXT        NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
    role            TEXT,
    sso             BOOLEAN     NOT NULL DEFAULT FALSE,
    created_by      TEXT        NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL
);
CREATE INDEX link_invite_org ON link_invite (organization_id, created_at, id);
