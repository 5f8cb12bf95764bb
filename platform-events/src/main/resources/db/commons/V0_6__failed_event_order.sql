-- Parked events are retried in the order they were consumed, and a later event of the same aggregate (key) waits
-- behind an earlier parked one, so a consumer never applies an aggregate's events out of order.
ALTER TABLE failed_event ADD COLUMN seq BIGSERIAL;
CREATE INDEX failed_event_by_key ON failed_event (topic, partition_key);
