-- What review knows of each space's main line from content's events, read again (V2 dropped the column while
-- nothing read it): recording an update's or a new change request's `outdated`, as content answered it a moment
-- ago, must not overwrite what the content-events consumer set for a main move it handled in the meantime.
-- main_moves counts the main moves handled, so a recording sees whether one landed while it waited on content.
ALTER TABLE space_review_state
    ADD COLUMN main_revision TEXT,
    ADD COLUMN main_moves    BIGINT NOT NULL DEFAULT 0;
