-- The development tunnel: while set, the integration's events go there instead of its endpoint (dev_all: every
-- installation's, otherwise only those of the owning organization).
ALTER TABLE integration ADD COLUMN dev_tunnel_url text;
ALTER TABLE integration ADD COLUMN dev_all boolean NOT NULL DEFAULT false;
-- Where events are delivered when no tunnel takes them (Bindery's extension of the publish body).
ALTER TABLE integration ADD COLUMN endpoint_url text;

-- An integration installed on an organization; one per integration and organization.
CREATE TABLE installation (
    id               text PRIMARY KEY,
    integration_name text        NOT NULL REFERENCES integration (name) ON DELETE CASCADE,
    organization_id  text        NOT NULL,
    status           text        NOT NULL,
    space_selection  text        NOT NULL,
    site_selection   text        NOT NULL,
    configuration    jsonb       NOT NULL,
    external_ids     jsonb       NOT NULL,
    created_at       timestamptz NOT NULL,
    updated_at       timestamptz NOT NULL,
    UNIQUE (integration_name, organization_id)
);
CREATE INDEX installation_org ON installation (organization_id);
CREATE INDEX installation_list ON installation (integration_name, created_at, id);

-- The spaces and sites an installation holds (kind 'space' or 'site'): the chosen ones when its selection is
-- 'selected', and those given a configuration of their own.
CREATE TABLE target_installation (
    id              text PRIMARY KEY,
    installation_id text        NOT NULL REFERENCES installation (id) ON DELETE CASCADE,
    kind            text        NOT NULL,
    target_id       text        NOT NULL,
    status          text        NOT NULL,
    configuration   jsonb       NOT NULL,
    external_ids    jsonb       NOT NULL,
    created_at      timestamptz NOT NULL,
    updated_at      timestamptz NOT NULL,
    UNIQUE (installation_id, kind, target_id)
);
CREATE INDEX target_installation_target ON target_installation (kind, target_id);
CREATE INDEX target_installation_list ON target_installation (installation_id, kind, created_at, id);

-- Spaces and sites as content and sites publish them (bindery.content.events, bindery.sites.events): which
-- organization a platform event's space or site belongs to, and the Space/Site objects of expand=true.
CREATE TABLE space_source (
    id              text PRIMARY KEY,
    organization_id text        NOT NULL,
    data            jsonb       NOT NULL,
    deleted         boolean     NOT NULL,
    updated_at      timestamptz NOT NULL
);
CREATE INDEX space_source_org ON space_source (organization_id);
CREATE TABLE site_source (
    id              text PRIMARY KEY,
    organization_id text        NOT NULL,
    data            jsonb       NOT NULL,
    deleted         boolean     NOT NULL,
    updated_at      timestamptz NOT NULL
);
CREATE INDEX site_source_org ON site_source (organization_id);

-- Integration events, and their delivery queue: a row is delivered while delivery = 'pending', the oldest
-- pending row of an installation first (seq), by whichever worker claims it (FOR UPDATE SKIP LOCKED) once
-- next_attempt_at has come; claiming pushes next_attempt_at by a lease, so a worker that dies mid-attempt leaves
-- the row to be claimed again. trace holds one log line per attempt.
CREATE TABLE integration_event (
    id               text PRIMARY KEY,
    seq              bigserial   NOT NULL UNIQUE,
    integration_name text        NOT NULL,
    installation_id  text        NOT NULL,
    organization_id  text        NOT NULL,
    source_event_id  text,
    type             text        NOT NULL,
    payload          jsonb       NOT NULL,
    created_at       timestamptz NOT NULL,
    delivery         text        NOT NULL,
    attempts         integer     NOT NULL DEFAULT 0,
    next_attempt_at  timestamptz NOT NULL,
    give_up_at       timestamptz NOT NULL,
    delivered_at     timestamptz,
    trace            jsonb       NOT NULL DEFAULT '[]'::jsonb,
    UNIQUE (installation_id, source_event_id)
);
CREATE INDEX integration_event_due ON integration_event (next_attempt_at, seq) WHERE delivery = 'pending';
CREATE INDEX integration_event_queue ON integration_event (installation_id, seq) WHERE delivery = 'pending';
CREATE INDEX integration_event_list ON integration_event (integration_name, created_at DESC, id DESC);
