-- The structure of a site: sections and section groups, siblings under the site root or a group, in one order
-- (position; a move puts an item between two neighbours). Deleting a group hands its children to its parent
-- (done by sites-service before the delete); deleting a section deletes its site spaces.
CREATE TABLE site_structure_item (
    id          text PRIMARY KEY,
    site_id     text             NOT NULL REFERENCES site (id) ON DELETE CASCADE,
    kind        text             NOT NULL CHECK (kind IN ('section', 'group')),
    parent_id   text             REFERENCES site_structure_item (id),
    title       text             NOT NULL,
    description text,
    icon        text,
    -- sections only: where the section is served in the site (unique in the site), and its visitor condition
    path        text,
    condition   text,
    is_default  boolean          NOT NULL DEFAULT false,
    position    double precision NOT NULL,
    created_at  timestamptz      NOT NULL
);
CREATE INDEX site_structure_item_by_site ON site_structure_item (site_id, parent_id, position);
CREATE UNIQUE INDEX site_section_path ON site_structure_item (site_id, path) WHERE kind = 'section';

ALTER TABLE site_space ADD COLUMN section_id text REFERENCES site_structure_item (id) ON DELETE CASCADE;
