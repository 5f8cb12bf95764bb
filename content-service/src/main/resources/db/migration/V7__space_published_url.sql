-- Where each space is published (issue 15): sites-service's site-space events, applied by SitesEventsConsumer.
-- One row per site space, kept after a deletion (deleted = true) so that a late, older event cannot bring it back;
-- updated_at is the site space's version (newest wins).
CREATE TABLE site_space_publication (
    site_space_id text PRIMARY KEY,
    site_id       text        NOT NULL,
    space_id      text        NOT NULL,
    url           text,
    deleted       boolean     NOT NULL DEFAULT false,
    updated_at    timestamptz NOT NULL
);
CREATE INDEX site_space_publication_by_space ON site_space_publication (space_id) WHERE NOT deleted;
CREATE INDEX site_space_publication_by_site ON site_space_publication (site_id);

-- The Space resource's urls.published: the first live publication's address (by site space id), recomputed from
-- site_space_publication by the consumer. Written only by it (the entity maps it read-only, so a request that
-- saves a space never overwrites it).
ALTER TABLE space ADD COLUMN published_url text;
