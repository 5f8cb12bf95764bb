-- Review: the change-request workflow and comments. Content (branches, revisions) stays in content-service;
-- a change request's id is also its branch id there.

-- Per space: what review knows of the space's main line, and the version of the counters it last published.
CREATE TABLE space_review_state (
    space_id      TEXT PRIMARY KEY,
    main_revision TEXT,
    stats_version BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE change_request (
    id                           TEXT PRIMARY KEY,
    space_id                     TEXT        NOT NULL,
    organization_id              TEXT        NOT NULL,
    number                       INTEGER     NOT NULL,
    status                       TEXT        NOT NULL CHECK (status IN ('draft', 'open', 'archived', 'merged')),
    subject                      TEXT,
    description                  JSONB,
    created_by                   TEXT        NOT NULL,
    created_at                   TIMESTAMPTZ NOT NULL,
    updated_at                   TIMESTAMPTZ NOT NULL,
    revision                     TEXT        NOT NULL,
    revision_initial             TEXT        NOT NULL,
    revision_merged_ancestor     TEXT,
    revision_merged              TEXT,
    outdated                     BOOLEAN     NOT NULL DEFAULT FALSE,
    merged_at                    TIMESTAMPTZ,
    merged_by                    TEXT,
    conversations_issues_cluster TEXT,
    UNIQUE (space_id, number)
);
CREATE INDEX change_request_space_list ON change_request (space_id, status, updated_at DESC, id DESC);
CREATE INDEX change_request_org_list ON change_request (organization_id, status, updated_at DESC, id DESC);

-- Who wrote into a change request (its creator and every author of a content batch).
CREATE TABLE change_request_contributor (
    change_request_id TEXT        NOT NULL REFERENCES change_request (id) ON DELETE CASCADE,
    user_id           TEXT        NOT NULL,
    count             INTEGER     NOT NULL,
    updated_at        TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (change_request_id, user_id)
);
CREATE INDEX change_request_contributor_user ON change_request_contributor (user_id);

CREATE TABLE change_request_reviewer (
    change_request_id TEXT        NOT NULL REFERENCES change_request (id) ON DELETE CASCADE,
    user_id           TEXT        NOT NULL,
    requested_by      TEXT        NOT NULL,
    requested_at      TIMESTAMPTZ NOT NULL,
    revision          TEXT        NOT NULL,
    PRIMARY KEY (change_request_id, user_id)
);
CREATE INDEX change_request_reviewer_user ON change_request_reviewer (user_id);

CREATE TABLE change_request_review (
    id                TEXT PRIMARY KEY,
    change_request_id TEXT        NOT NULL REFERENCES change_request (id) ON DELETE CASCADE,
    reviewer          TEXT        NOT NULL,
    status            TEXT        NOT NULL CHECK (status IN ('approved', 'changes-requested')),
    revision          TEXT        NOT NULL,
    -- the change-request comment posted with the review, if any
    comment_id        TEXT,
    created_at        TIMESTAMPTZ NOT NULL
);
CREATE INDEX change_request_review_cr ON change_request_review (change_request_id, created_at, id);

-- A comment on a space (change_request_id null) or on a change request.
CREATE TABLE comment (
    id                TEXT PRIMARY KEY,
    space_id          TEXT        NOT NULL,
    change_request_id TEXT REFERENCES change_request (id) ON DELETE CASCADE,
    posted_by         TEXT        NOT NULL,
    posted_at         TIMESTAMPTZ NOT NULL,
    edited_at         TIMESTAMPTZ,
    body              TEXT        NOT NULL,
    revision          TEXT        NOT NULL,
    page_id           TEXT,
    node_id           TEXT,
    table_record      TEXT,
    table_definition  TEXT,
    status            TEXT        NOT NULL CHECK (status IN ('open', 'resolved')),
    resolved_at       TIMESTAMPTZ,
    resolved_by       TEXT
);
CREATE INDEX comment_thread ON comment (space_id, change_request_id, posted_at, id);
CREATE INDEX comment_author ON comment (space_id, posted_by);

CREATE TABLE comment_reply (
    id         TEXT PRIMARY KEY,
    comment_id TEXT        NOT NULL REFERENCES comment (id) ON DELETE CASCADE,
    posted_by  TEXT        NOT NULL,
    posted_at  TIMESTAMPTZ NOT NULL,
    edited_at  TIMESTAMPTZ,
    body       TEXT        NOT NULL
);
CREATE INDEX comment_reply_thread ON comment_reply (comment_id, posted_at, id);

-- One row per user and emoji on a comment or a reply (target_id is either's id: both are random ids).
CREATE TABLE reaction (
    target_id  TEXT        NOT NULL,
    emoji      TEXT        NOT NULL,
    user_id    TEXT        NOT NULL,
    reacted_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (target_id, emoji, user_id)
);
