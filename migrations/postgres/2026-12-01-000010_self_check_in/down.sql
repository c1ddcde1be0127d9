ALTER TABLE entries DROP COLUMN checked_in;
