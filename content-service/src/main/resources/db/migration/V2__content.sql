-- Space content: page versions shared between revisions, revision manifests in content-addressed chunks,
-- file bytes, extracted links, change-request branches and the search index of live content.

-- One version of one page. Immutable: a revision that leaves a page unchanged points at the same row,
-- so a revision that edits one page of 5,000 adds one row here.
CREATE TABLE page_version (
    id              text PRIMARY KEY,
    space_id        text NOT NULL,
    page_id         text NOT NULL,
    kind            text NOT NULL,
    parent_id       text,
    position        double precision NOT NULL,
    title           text NOT NULL,
    slug            text NOT NULL,
    emoji           text,
    icon            text,
    description     text,
    hidden          boolean NOT NULL DEFAULT false,
    no_index        boolean NOT NULL DEFAULT false,
    no_robots_index boolean NOT NULL DEFAULT false,
    href            text,
    markdown        text NOT NULL DEFAULT '',
    -- the git blob id of the markdown, as a git-synced repository would have it
    git_oid         text NOT NULL,
    created_at      timestamptz NOT NULL,
    updated_at      timestamptz NOT NULL
);
CREATE INDEX page_version_by_space ON page_version (space_id);

-- A slice of a revision's page list: parallel arrays of page ids and their version ids, sorted by page id.
-- A revision's pages are spread over 2^k chunks by a hash of the page id; the id of a chunk is a digest of its
-- entries, so identical chunks are stored once and an edit of one page rewrites one chunk.
CREATE TABLE manifest_chunk (
    id          text PRIMARY KEY,
    page_ids    text[] NOT NULL,
    version_ids text[] NOT NULL
);

ALTER TABLE revision
    ADD COLUMN chunks      text[] NOT NULL DEFAULT '{}',
    ADD COLUMN page_count  integer NOT NULL DEFAULT 0,
    ADD COLUMN files       jsonb NOT NULL DEFAULT '[]',
    ADD COLUMN branch_id   text,
    ADD COLUMN merged_from text,
    ADD COLUMN created_by  text;

-- File bytes by their SHA-256: the same upload in many revisions or spaces is stored once.
CREATE TABLE file_blob (
    sha256 text PRIMARY KEY,
    size   integer NOT NULL,
    bytes  bytea NOT NULL
);

-- Links of a page version, extracted from its markdown when it is written: kind page|file|url.
CREATE TABLE page_link (
    version_id text NOT NULL REFERENCES page_version (id) ON DELETE CASCADE,
    ordinal    integer NOT NULL,
    kind       text NOT NULL,
    target     text NOT NULL,
    anchor     text,
    PRIMARY KEY (version_id, ordinal)
);
CREATE INDEX page_link_by_target ON page_link (kind, target);

-- A change request's branch. The id is the change request's id (the review service owns the workflow).
CREATE TABLE branch (
    id                          text PRIMARY KEY,
    space_id                    text NOT NULL REFERENCES space (id) ON DELETE CASCADE,
    number                      integer NOT NULL,
    status                      text NOT NULL,
    head_revision_id            text NOT NULL,
    initial_revision_id         text NOT NULL,
    merged_ancestor_revision_id text NOT NULL,
    merged_revision_id          text,
    created_by                  text,
    created_at                  timestamptz NOT NULL,
    updated_at                  timestamptz NOT NULL,
    UNIQUE (space_id, number)
);

-- Full-text index of the live content (each space's active revision), one row per page section.
CREATE TABLE search_section (
    space_id   text NOT NULL REFERENCES space (id) ON DELETE CASCADE,
    page_id    text NOT NULL,
    ordinal    integer NOT NULL,
    version_id text NOT NULL,
    anchor     text NOT NULL,
    title      text,
    body       text NOT NULL,
    tsv        tsvector NOT NULL,
    PRIMARY KEY (space_id, page_id, ordinal)
);
CREATE INDEX search_section_tsv ON search_section USING gin (tsv);
