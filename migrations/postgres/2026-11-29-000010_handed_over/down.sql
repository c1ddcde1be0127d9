ALTER TABLE players DROP COLUMN handed_to;
