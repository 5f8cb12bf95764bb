-- The version of the review counters (comments, change_requests*) last applied from review's
-- bindery.space.review-stats.updated.v1: only a newer one overwrites them, so redeliveries and late events are no-ops.
ALTER TABLE space ADD COLUMN review_stats_version bigint NOT NULL DEFAULT 0;
