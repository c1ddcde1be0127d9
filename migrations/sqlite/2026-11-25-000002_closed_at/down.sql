ALTER TABLE events DROP COLUMN closed_at;
