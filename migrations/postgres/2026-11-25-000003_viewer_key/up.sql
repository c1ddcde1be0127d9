-- The viewer key of private views is its own, derived from the server's secret and this
-- number (a new viewer link adds one); it no longer follows the join keys.
ALTER TABLE events ADD COLUMN view_epoch INTEGER NOT NULL DEFAULT 0;
