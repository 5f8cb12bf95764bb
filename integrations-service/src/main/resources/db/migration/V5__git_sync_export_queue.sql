-- Merged change requests of a synced space waiting for their export (issue 32): one commit each, in merge order,
-- each of the revision its merge produced. A row stays once taken, so a redelivered merge event queues nothing.
CREATE TABLE git_sync_export (
    seq            bigserial PRIMARY KEY,
    space_id       text        NOT NULL,
    change_request text        NOT NULL,
    -- GitSyncRuns.Merged as JSON
    merged         text        NOT NULL,
    queued_at      timestamptz NOT NULL,
    -- when an export took it; null while it waits
    taken_at       timestamptz,
    -- an import merged after it: its revision lacks Git's commits, so it goes out as the space is then
    at_current     boolean     NOT NULL DEFAULT false,
    UNIQUE (space_id, change_request)
);
CREATE INDEX git_sync_export_waiting ON git_sync_export (space_id, seq) WHERE taken_at IS NULL;
