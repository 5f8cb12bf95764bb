-- space_review_state.main_revision was written from content's events but never read: `outdated` is computed
-- from the event itself. The row keeps only the version of the counters review publishes.
ALTER TABLE space_review_state DROP COLUMN main_revision;
