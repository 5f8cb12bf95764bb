-- Issue 34: an event that can never apply (unreadable JSON, a CloudEvent without id or type, data that does not fit
-- its contract, a version of a known type that this service does not read) is undeliverable: it is kept here as a
-- dead letter with its reason at once, never retried on a schedule, and it does not hold back later events of its
-- aggregate. Only events that failed for a passing reason (the database, another service) stay 'parked' and are
-- retried on their schedule. An operator lists, replays or discards both (/v1/admin/events/parked); each such
-- action is kept in event_audit.
ALTER TABLE failed_event ADD COLUMN state TEXT NOT NULL DEFAULT 'parked' CHECK (state IN ('parked', 'dead'));
ALTER TABLE failed_event ADD COLUMN event_type TEXT;
-- scheduled retries so far (attempts also counts the consumer's first deliveries): the schedule doubles per retry
ALTER TABLE failed_event ADD COLUMN retries INT NOT NULL DEFAULT 0;
CREATE INDEX failed_event_state ON failed_event (state, next_retry_at);

CREATE TABLE event_audit (
    id       BIGSERIAL   PRIMARY KEY,
    at       TIMESTAMPTZ NOT NULL,
    actor    TEXT        NOT NULL,
    action   TEXT        NOT NULL,
    topic    TEXT,
    event_id TEXT,
    outcome  TEXT        NOT NULL
);
