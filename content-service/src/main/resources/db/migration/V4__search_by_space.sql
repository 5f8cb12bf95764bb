-- Search runs per space: one GIN index over (space_id, tsv) finds a space's matches without visiting the matches
-- of every other space (btree_gin gives GIN the equality operator on text; it is a trusted extension, so the
-- database owner may create it).
CREATE EXTENSION IF NOT EXISTS btree_gin;
CREATE INDEX search_section_space_tsv ON search_section USING gin (space_id, tsv);
DROP INDEX search_section_tsv;
