-- The reader's "Edit on Git" (issue 32): where a continuously synced space's files are seen in its repository, from
-- integrations' Git Sync events. file_url is null while the space is not synced (a stopped sync keeps its row, so
-- that an older event arriving late cannot bring the link back); updated_at is the sync's version.
CREATE TABLE space_git_link (
    space_id   text PRIMARY KEY,
    file_url   text,
    updated_at timestamptz NOT NULL
);
