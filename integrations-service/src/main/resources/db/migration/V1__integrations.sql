-- Published integrations. definition holds the public fields as published (GitBook's Integration minus the
-- computed ones); script, secrets and the signing secret are kept apart because they are never returned.
CREATE TABLE integration (
    name           text PRIMARY KEY,
    owner_id       text        NOT NULL,
    title          text        NOT NULL,
    visibility     text        NOT NULL,
    target         text        NOT NULL,
    version        integer     NOT NULL,
    definition     jsonb       NOT NULL,
    script         text        NOT NULL,
    secrets        jsonb       NOT NULL,
    signing_secret text        NOT NULL,
    created_at     timestamptz NOT NULL,
    updated_at     timestamptz NOT NULL
);
CREATE INDEX integration_owner ON integration (owner_id);
CREATE INDEX integration_created ON integration (created_at, name);

-- Organizations as identity publishes them (bindery.identity.events): the owner object of an integration, and
-- publishing by subdomain (hostname).
CREATE TABLE organization_view (
    id         text PRIMARY KEY,
    hostname   text,
    data       jsonb       NOT NULL,
    version    timestamptz NOT NULL
);
CREATE INDEX organization_view_hostname ON organization_view (lower(hostname));
