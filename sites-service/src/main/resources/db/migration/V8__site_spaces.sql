-- Site spaces (issue 15): where a space shows in its site (section, path), whether it is the default one of its
-- section (or of a site without sections), its visitor condition, and its order among its siblings.
ALTER TABLE site_space ADD COLUMN path        text,
                       ADD COLUMN title       text,
                       ADD COLUMN condition   text,
                       ADD COLUMN is_default  boolean          NOT NULL DEFAULT false,
                       ADD COLUMN hidden      boolean          NOT NULL DEFAULT false,
                       ADD COLUMN draft       boolean          NOT NULL DEFAULT false,
                       ADD COLUMN page_id     text,
                       ADD COLUMN position    double precision NOT NULL DEFAULT 0,
                       ADD COLUMN updated_at  timestamptz;
-- no endpoint created site spaces before this migration; a row from elsewhere gets its id as path
UPDATE site_space SET path = id, updated_at = created_at WHERE path IS NULL;
ALTER TABLE site_space ALTER COLUMN path SET NOT NULL, ALTER COLUMN updated_at SET NOT NULL;
-- a path is unique within its section (or the root of a site without sections); one default per section
CREATE UNIQUE INDEX site_space_path ON site_space (site_id, COALESCE(section_id, ''), path);
CREATE UNIQUE INDEX site_space_one_default ON site_space (site_id, COALESCE(section_id, '')) WHERE is_default;

-- The spaces site spaces point at, as content shows them (its public Space view without permissions, JSON), kept
-- from content's space events and from the read-through when a space is added; the newest updatedAt wins.
CREATE TABLE space_source (
    space_id        text PRIMARY KEY,
    organization_id text        NOT NULL,
    data            text        NOT NULL,
    updated_at      timestamptz NOT NULL
);
