-- Sites (issue 15): a published docs site of an organization. Site spaces, sections and groups follow.
CREATE TABLE site (
    id              text PRIMARY KEY,
    organization_id text        NOT NULL,
    type            text        NOT NULL,
    title           text        NOT NULL,
    visibility      text        NOT NULL,
    published       boolean     NOT NULL DEFAULT false,
    basename        text,
    -- an extension of GitBook's API: set by PATCH, unique across the deployment (a host serves one site)
    hostname        text UNIQUE,
    proxy           text,
    adaptive_content boolean    NOT NULL DEFAULT false,
    agents_context  text        NOT NULL,
    created_at      timestamptz NOT NULL,
    updated_at      timestamptz NOT NULL
);
-- the list: an organization's sites, oldest first
CREATE INDEX site_by_organization ON site (organization_id, created_at, id);

-- A site space: a space of the site's organization published in the site (under a section, or at the root of a
-- site without sections). The endpoints that manage them come with the next step of issue 15; the list of sites
-- already filters by it.
CREATE TABLE site_space (
    id         text PRIMARY KEY,
    site_id    text        NOT NULL REFERENCES site (id) ON DELETE CASCADE,
    space_id   text        NOT NULL,
    created_at timestamptz NOT NULL
);
CREATE INDEX site_space_by_site ON site_space (site_id, created_at, id);
CREATE INDEX site_space_by_space ON site_space (space_id);
