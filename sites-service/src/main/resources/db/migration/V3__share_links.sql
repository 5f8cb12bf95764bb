-- Share links of a share-link site: the key (>= 128 random bits, distinct from the id) is what a visitor's
-- shareKey must match; it appears only in the link's urls.published.
CREATE TABLE site_share_link (
    id         text PRIMARY KEY,
    site_id    text        NOT NULL REFERENCES site (id) ON DELETE CASCADE,
    key        text        NOT NULL UNIQUE,
    name       text        NOT NULL,
    active     boolean     NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL
);
CREATE INDEX site_share_link_by_site ON site_share_link (site_id, created_at, id);
