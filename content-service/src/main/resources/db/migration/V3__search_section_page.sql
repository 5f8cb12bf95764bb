-- Search results carry the page's title, path and ancestors: kept on each section row (and rewritten when a
-- rename or move changes them), so a search never has to load a revision's page tree.
ALTER TABLE search_section
    ADD COLUMN page_title text NOT NULL DEFAULT '',
    ADD COLUMN path       text NOT NULL DEFAULT '',
    ADD COLUMN ancestors  text[] NOT NULL DEFAULT '{}';
