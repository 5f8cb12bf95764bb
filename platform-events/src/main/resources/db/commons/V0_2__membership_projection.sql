-- Local projection of identity's organizations and memberships, kept by identity's events
-- (bindery.identity.events) and filled on a miss by a read-through to identity's internal API.
-- `version` is the time of the newest fact applied: older, redelivered or reordered events are ignored.
CREATE TABLE projected_organization (
    id           TEXT PRIMARY KEY,
    default_role TEXT,
    version      TIMESTAMPTZ NOT NULL
);

CREATE TABLE projected_membership (
    organization_id TEXT        NOT NULL,
    user_id         TEXT        NOT NULL,
    role            TEXT,
    active          BOOLEAN     NOT NULL,
    version         TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (organization_id, user_id)
);
CREATE INDEX projected_membership_user ON projected_membership (user_id) WHERE active;

-- Ids of events a consumer already applied, so a redelivery changes nothing.
CREATE TABLE processed_event (
    event_id     TEXT PRIMARY KEY,
    processed_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
