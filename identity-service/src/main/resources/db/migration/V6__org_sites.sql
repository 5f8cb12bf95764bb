-- What identity knows of sites-service's sites (bindery.sites.events), for the `sites` counter of Member: one row
-- per site ever created. A deleted site stays as a row (deleted = true), so that a late "created" event cannot
-- revive it; sites never move between organizations.
CREATE TABLE org_site (
    site_id         TEXT    PRIMARY KEY,
    organization_id TEXT    NOT NULL,
    deleted         BOOLEAN NOT NULL DEFAULT false
);
CREATE INDEX org_site_live ON org_site (organization_id) WHERE NOT deleted;
