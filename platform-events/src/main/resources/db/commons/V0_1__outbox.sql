-- Transactional outbox, shared by every service (each in its own schema): rows are written in the
-- transaction of the change they describe, and the relay publishes them to Kafka in id order.
CREATE TABLE outbox_event (
    id            BIGSERIAL PRIMARY KEY,
    event_id      TEXT        NOT NULL UNIQUE,
    aggregate_id  TEXT        NOT NULL,
    type          TEXT        NOT NULL,
    envelope      TEXT        NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    published_at  TIMESTAMPTZ
);
CREATE INDEX outbox_event_unpublished ON outbox_event (id) WHERE published_at IS NULL;
