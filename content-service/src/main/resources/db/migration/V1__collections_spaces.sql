-- Collections and spaces of organizations, their revisions and per-user grants.
-- `ancestors` lists the enclosing collections, root first, so the role rule and list filters reach every
-- level in one query; it is rewritten for a whole subtree when a collection moves.
-- `position` orders the items (spaces and collections together) inside one parent.

CREATE TABLE collection (
    id              text PRIMARY KEY,
    organization_id text NOT NULL,
    parent_id       text REFERENCES collection (id) ON DELETE CASCADE,
    ancestors       text[] NOT NULL DEFAULT '{}',
    title           text NOT NULL,
    description     text,
    default_level   text,
    position        double precision NOT NULL,
    created_at      timestamptz NOT NULL,
    updated_at      timestamptz NOT NULL
);
CREATE INDEX collection_by_org ON collection (organization_id, created_at, id);
CREATE INDEX collection_by_place ON collection (organization_id, parent_id, position);
CREATE INDEX collection_by_ancestor ON collection USING gin (ancestors);

CREATE TABLE space (
    id                    text PRIMARY KEY,
    organization_id       text NOT NULL,
    parent_id             text REFERENCES collection (id) ON DELETE SET NULL,
    ancestors             text[] NOT NULL DEFAULT '{}',
    title                 text NOT NULL,
    emoji                 text NOT NULL DEFAULT '',
    visibility            text NOT NULL,
    edit_mode             text NOT NULL,
    language              text,
    default_level         text,
    merge_rules           text NOT NULL,
    revision_id           text NOT NULL,
    position              double precision NOT NULL,
    comments              integer NOT NULL DEFAULT 0,
    change_requests       integer NOT NULL DEFAULT 0,
    change_requests_open  integer NOT NULL DEFAULT 0,
    change_requests_draft integer NOT NULL DEFAULT 0,
    created_at            timestamptz NOT NULL,
    updated_at            timestamptz NOT NULL,
    deleted_at            timestamptz
);
-- the organization's space list: keyset on (created_at, id) over live spaces
CREATE INDEX space_by_org ON space (organization_id, created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX space_by_place ON space (organization_id, parent_id, position);
CREATE INDEX space_by_ancestor ON space USING gin (ancestors);
CREATE INDEX space_deleted ON space (deleted_at) WHERE deleted_at IS NOT NULL;

-- An immutable snapshot of a space's content (pages and files arrive with the content issue).
CREATE TABLE revision (
    id         text PRIMARY KEY,
    space_id   text NOT NULL REFERENCES space (id) ON DELETE CASCADE,
    parents    text[] NOT NULL DEFAULT '{}',
    type       text NOT NULL,
    created_at timestamptz NOT NULL
);
CREATE INDEX revision_by_space ON revision (space_id, created_at);

-- A user's explicit role on one space or collection (a collection's grant reaches everything inside it).
CREATE TABLE content_grant (
    target_id       text NOT NULL,
    user_id         text NOT NULL,
    target_type     text NOT NULL CHECK (target_type IN ('space', 'collection')),
    organization_id text NOT NULL,
    role            text NOT NULL,
    created_at      timestamptz NOT NULL,
    PRIMARY KEY (target_id, user_id)
);
CREATE INDEX content_grant_by_user ON content_grant (user_id, target_id);
