-- Who holds a seat: a seat is claimed by whoever first opens it (its link, or a pick at its
-- table), and its epoch ends every session on it when the host releases or renews it.
ALTER TABLE players ADD COLUMN claimed BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE players ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0;
-- The host's sessions end when this changes (logout, a new host token).
ALTER TABLE events ADD COLUMN host_epoch INTEGER NOT NULL DEFAULT 0;
-- The join and viewer keys are derived from the server's secret and this number (rotation
-- adds one); the database no longer holds them.
ALTER TABLE events ADD COLUMN join_epoch INTEGER NOT NULL DEFAULT 0;
UPDATE events SET join_key = '';
