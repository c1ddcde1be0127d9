ALTER TABLE entries DROP COLUMN missed_rounds;
