-- Local directory of identity's users (what a User object shows), kept by identity's user events
-- (bindery.identity.events) and filled on a miss by a read-through to identity's internal API.
-- `version` is the time of the newest fact applied: older, redelivered or reordered events are ignored.
CREATE TABLE projected_user (
    id           TEXT PRIMARY KEY,
    display_name TEXT,
    email        TEXT,
    photo_url    TEXT,
    version      TIMESTAMPTZ NOT NULL
);
