-- OpenAPI specs of an organization, by slug. The source is a URL (source_url) or text (source_text). request is the
-- processing request in force: the worker applies a result only while it is still the spec's request, so a newer
-- upload or a re-queued stalled processing supersedes an older one. attempts counts the starts of that request.
CREATE TABLE openapi_spec (
    id                           text PRIMARY KEY,
    organization_id              text        NOT NULL,
    slug                         text        NOT NULL,
    source_url                   text,
    source_text                  text,
    visibility                   text        NOT NULL,
    processing_state             text        NOT NULL,
    request                      text,
    requested_at                 timestamptz,
    progress_at                  timestamptz,
    attempts                     integer     NOT NULL DEFAULT 0,
    last_version                 text,
    last_processed_at            timestamptz,
    last_process_error_code      text,
    last_processed_errors        jsonb,
    last_processed_error_count   integer     NOT NULL DEFAULT 0,
    created_at                   timestamptz NOT NULL,
    updated_at                   timestamptz NOT NULL,
    CONSTRAINT openapi_spec_slug UNIQUE (organization_id, slug)
);
CREATE INDEX openapi_spec_list ON openapi_spec (organization_id, created_at, id);
-- the sweep looks for pending and progress specs that stalled
CREATE INDEX openapi_spec_unfinished ON openapi_spec (processing_state, requested_at) WHERE processing_state <> 'complete';

-- A processed content of a spec; a new one only when the canonical hash of all its files differs from the latest.
-- summary holds the operations and schemas the diff compares (see Summary).
CREATE TABLE openapi_spec_version (
    id           text PRIMARY KEY,
    spec_id      text        NOT NULL REFERENCES openapi_spec (id) ON DELETE CASCADE,
    url          text        NOT NULL,
    content_hash text        NOT NULL,
    summary      jsonb       NOT NULL,
    created_at   timestamptz NOT NULL
);
CREATE INDEX openapi_spec_version_list ON openapi_spec_version (spec_id, created_at, id);

-- Every file of a version: the entry point (position 0) and each external file its $refs reached.
CREATE TABLE openapi_spec_file (
    version_id text    NOT NULL REFERENCES openapi_spec_version (id) ON DELETE CASCADE,
    position   integer NOT NULL,
    url        text    NOT NULL,
    path       text    NOT NULL,
    content    text    NOT NULL,
    PRIMARY KEY (version_id, position)
);
