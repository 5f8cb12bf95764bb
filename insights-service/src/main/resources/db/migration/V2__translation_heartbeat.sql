-- A translation run's liveness: the instance running it refreshes heartbeat_at, and a run whose heartbeat stopped
-- (its service was killed) is put back to pending by TranslationSweep. target_space: the space a run created, kept
-- as soon as it exists, so that the run after an interrupted first run writes into it instead of making another.
ALTER TABLE translation ADD COLUMN heartbeat_at timestamptz;
ALTER TABLE translation ADD COLUMN target_space text;
