-- Identity: users, API tokens and their signing key, organizations and their members.
CREATE TABLE signing_key (
    kid         TEXT PRIMARY KEY,
    private_jwk TEXT        NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL
);

CREATE TABLE app_user (
    id             TEXT PRIMARY KEY,
    email          TEXT        NOT NULL,
    display_name   TEXT        NOT NULL,
    photo_url      TEXT,
    instance_admin BOOLEAN     NOT NULL DEFAULT FALSE,
    created_at     TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX app_user_email ON app_user (lower(email));

CREATE SEQUENCE token_revocation_seq;
CREATE TABLE api_token (
    id             TEXT PRIMARY KEY,
    user_id        TEXT        NOT NULL REFERENCES app_user (id),
    created_at     TIMESTAMPTZ NOT NULL,
    expires_at     TIMESTAMPTZ NOT NULL,
    revoked_at     TIMESTAMPTZ,
    revocation_seq BIGINT UNIQUE
);
CREATE INDEX api_token_user ON api_token (user_id);
CREATE INDEX api_token_revoked ON api_token (revocation_seq) WHERE revocation_seq IS NOT NULL;

CREATE TABLE organization (
    id             TEXT PRIMARY KEY,
    title          TEXT        NOT NULL,
    hostname       TEXT,
    email_domains  JSONB       NOT NULL DEFAULT '[]',
    type           TEXT        NOT NULL,
    use_case       TEXT,
    community_type TEXT,
    default_role   TEXT,
    default_content JSONB,
    sso            BOOLEAN     NOT NULL DEFAULT FALSE,
    ai             BOOLEAN     NOT NULL DEFAULT FALSE,
    invite_links   BOOLEAN     NOT NULL DEFAULT TRUE,
    plan           TEXT        NOT NULL,
    merge_rules    JSONB       NOT NULL,
    logo_url       TEXT,
    created_at     TIMESTAMPTZ NOT NULL,
    updated_at     TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX organization_hostname ON organization (lower(hostname)) WHERE hostname IS NOT NULL;

CREATE TABLE member (
    organization_id TEXT        NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
    user_id         TEXT        NOT NULL REFERENCES app_user (id),
    role            TEXT,
    joined_at       TIMESTAMPTZ NOT NULL,
    last_seen_at    TIMESTAMPTZ,
    sso             BOOLEAN     NOT NULL DEFAULT FALSE,
    disabled        BOOLEAN     NOT NULL DEFAULT FALSE,
    PRIMARY KEY (organization_id, user_id)
);
CREATE INDEX member_user ON member (user_id);
