-- SAML identity providers of an organization. entity_id, certificate and sso_url are '' until configured
-- (a provider is "pending" until all three are set, then "active").
CREATE TABLE saml_provider (
    id              TEXT PRIMARY KEY,
    organization_id TEXT        NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
    label           TEXT        NOT NULL,
    entity_id       TEXT        NOT NULL DEFAULT '',
    certificate     TEXT        NOT NULL DEFAULT '',
    sso_url         TEXT        NOT NULL DEFAULT '',
    -- a deleted team no longer is anyone's default team
    default_team_id TEXT REFERENCES team (id) ON DELETE SET NULL,
    default_role    TEXT,
    created_at      TIMESTAMPTZ NOT NULL,
    updated_at      TIMESTAMPTZ NOT NULL
);
CREATE INDEX saml_provider_org ON saml_provider (organization_id, created_at, id);
CREATE INDEX saml_provider_default_team ON saml_provider (default_team_id) WHERE default_team_id IS NOT NULL;
