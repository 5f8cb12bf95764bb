-- Section embeddings (issue 33): the vectors of the sections of spaces' live pages, the source of truth of the
-- semantic index each replica builds in memory (Lucene HNSW) at start and keeps current.
--
-- One row per space followed from content's events: revision is the live revision to embed (content's
-- bindery.space.content.updated.v1), indexed_revision the one whose sections are stored. state: pending (work to
-- do), working (claimed by a worker at claimed_at), done, failed (content refused it: last_error), deleted, purged.
-- organization_id is null until a space event has named it. updated_at moves on every change of the space's
-- sections or state: replicas reload the spaces changed since they last looked.
CREATE TABLE embedded_space (
    space_id         text PRIMARY KEY,
    organization_id  text,
    revision         text,
    indexed_revision text,
    state            text        NOT NULL,
    attempts         integer     NOT NULL DEFAULT 0,
    next_attempt_at  timestamptz,
    claimed_at       timestamptz,
    sections         integer     NOT NULL DEFAULT 0,
    last_embedded    integer     NOT NULL DEFAULT 0,
    last_error       text,
    updated_at       timestamptz NOT NULL
);
CREATE INDEX embedded_space_work ON embedded_space (state, next_attempt_at);
CREATE INDEX embedded_space_updated ON embedded_space (updated_at);

-- A section of a page (split at headings; section_key is the heading's anchor, '' for the text before the first
-- heading). text_hash: SHA-256 of the model's name and the text embedded, so unchanged text is not embedded again.
-- vector: the model's unit-length vector, 384 little-endian float32.
CREATE TABLE section_embedding (
    space_id        text        NOT NULL,
    page_id         text        NOT NULL,
    section_key     text        NOT NULL,
    organization_id text        NOT NULL,
    position        integer     NOT NULL,
    page_title      text        NOT NULL,
    page_path       text        NOT NULL,
    title           text        NOT NULL,
    text_hash       text        NOT NULL,
    vector          bytea       NOT NULL,
    updated_at      timestamptz NOT NULL,
    PRIMARY KEY (space_id, page_id, section_key)
);
CREATE INDEX section_embedding_hash ON section_embedding (space_id, text_hash);
