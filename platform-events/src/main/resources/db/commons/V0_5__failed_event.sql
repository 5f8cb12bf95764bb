-- Events a consumer could not apply after its retries: parked here instead of dropped, retried by a scheduled job
-- (FailedEvents) with a growing delay until they apply. While one waits longer than bindery.events.parked-max-age,
-- readiness is down, and the count is the bindery_events_parked gauge.
CREATE TABLE failed_event (
    event_id      TEXT        NOT NULL,
    topic         TEXT        NOT NULL,
    partition_key TEXT,
    envelope      TEXT        NOT NULL,
    attempts      INT         NOT NULL,
    last_error    TEXT        NOT NULL,
    parked_at     TIMESTAMPTZ NOT NULL,
    next_retry_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (topic, event_id)
);
CREATE INDEX failed_event_due ON failed_event (next_retry_at);
