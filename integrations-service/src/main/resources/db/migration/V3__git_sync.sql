-- Git Sync (issue 32): the repository a space is synced with and its last operation. The URL is kept without the
-- credentials it may carry (they live only as long as the operation that uses them).
CREATE TABLE git_sync (
    space_id          text PRIMARY KEY,
    organization_id   text        NOT NULL,
    url               text        NOT NULL,
    ref               text        NOT NULL,
    project_directory text,
    tree_url          text,
    commit_url        text,
    -- the last operation: running, success, failure or timeout; import or export
    op_state          text        NOT NULL,
    op_direction      text        NOT NULL,
    op_started_at     timestamptz NOT NULL,
    op_ended_at       timestamptz,
    op_error          text,
    -- the commit and revision the last successful operation left in step
    last_commit       text,
    last_revision     text,
    updated_at        timestamptz NOT NULL
);
CREATE INDEX git_sync_running ON git_sync (op_state) WHERE op_state = 'running';
