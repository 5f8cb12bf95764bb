-- The Space resource's gitSync (issue 32): GitBook's GitSyncState as JSON text while the space is continuously
-- synced with a Git repository, NULL otherwise. Kept from integrations-service's git-sync events by
-- IntegrationsEventsConsumer, never written by a request (the entity maps it read-only); git_sync_at is the
-- version (the event's updatedAt) of the last one applied, so a redelivered or late older event changes nothing.
ALTER TABLE space ADD COLUMN git_sync text;
ALTER TABLE space ADD COLUMN git_sync_at timestamptz;
