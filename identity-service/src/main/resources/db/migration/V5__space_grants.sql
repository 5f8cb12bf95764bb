-- What identity knows of content's space grants (bindery.content.events), for the `spaces` counters of Member
-- and Team: one row per space and principal (a user or a team). A removed grant stays as a row with role null
-- (a tombstone), so that its `version` (the time of the newest fact applied) keeps an older "granted" event that
-- arrives late from reviving it.
CREATE TABLE space_grant (
    space_id        TEXT        NOT NULL,
    principal_type  TEXT        NOT NULL CHECK (principal_type IN ('user', 'team')),
    principal_id    TEXT        NOT NULL,
    organization_id TEXT        NOT NULL,
    role            TEXT,
    version         TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (space_id, principal_type, principal_id)
);
-- the counters: live grants of one organization's users (or teams) of a page
CREATE INDEX space_grant_principal ON space_grant (organization_id, principal_type, principal_id) WHERE role IS NOT NULL;

-- Spaces content reported a change of state for (spaces never heard of count as live):
--   deleted:         soft-deleted (restorable), as of deleted_version;
--   organization_id: the organization the space is in, as of org_version (a transfer moves it; a grant still
--                    naming the organization it came from no longer counts);
--   grants_reset_at: grants older than this are void (a transfer drops all grants of the space; a purge sets
--                    it to infinity, and purged is final).
CREATE TABLE space_state (
    space_id        TEXT PRIMARY KEY,
    deleted         BOOLEAN     NOT NULL DEFAULT FALSE,
    deleted_version TIMESTAMPTZ NOT NULL DEFAULT '-infinity',
    organization_id TEXT,
    org_version     TIMESTAMPTZ NOT NULL DEFAULT '-infinity',
    grants_reset_at TIMESTAMPTZ NOT NULL DEFAULT '-infinity',
    purged          BOOLEAN     NOT NULL DEFAULT FALSE
);
