-- Continuous Git Sync (issue 32): a space kept in step with its repository. "secrets" is AES-GCM ciphertext
-- (bindery.git-sync.credentials-key) of the repository's credentials, the token the sync acts with and the
-- webhook's secret; never returned. pending_* is what the next operation must do once the running one ends.
ALTER TABLE git_sync
    ADD COLUMN synced          boolean NOT NULL DEFAULT false,
    ADD COLUMN priority        text,
    ADD COLUMN sync_user       text,
    ADD COLUMN secrets         bytea,
    ADD COLUMN op_error_action text,
    ADD COLUMN pending_import  boolean NOT NULL DEFAULT false,
    ADD COLUMN pending_cr      text,
    -- an import's change request that did not merge: exports wait for it; the import that merged by itself
    ADD COLUMN open_cr         text,
    ADD COLUMN import_cr       text;
CREATE INDEX git_sync_synced ON git_sync (space_id) WHERE synced;
