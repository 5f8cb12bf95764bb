-- What content shows of a change request beyond its branch (GitBook's Revision.mergedFrom and a write's
-- changeRequest require it whole): its subject and open comments as review-service knows them, handed over when the
-- branch is made and merged and kept current from review's change request events; review_version is the updatedAt
-- of the newest event applied, so a late or redelivered event changes nothing.
ALTER TABLE branch
    ADD COLUMN subject        text,
    ADD COLUMN comments       bigint NOT NULL DEFAULT 0,
    ADD COLUMN review_version timestamptz;
