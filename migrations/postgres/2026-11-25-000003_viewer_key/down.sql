ALTER TABLE events DROP COLUMN view_epoch;
