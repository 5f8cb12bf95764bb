-- The reader (issue 16) shows a space's live content: its current revision, from content's space events and from
-- bindery.space.content.updated.v1 (a merge moves it without a space event). revision_at: when it last moved here,
-- so that what is cached per site can tell.
ALTER TABLE space_source ADD COLUMN revision text, ADD COLUMN revision_at timestamptz;
UPDATE space_source SET revision = (data::jsonb) ->> 'revision', revision_at = updated_at;
