ALTER TABLE players DROP COLUMN picked;
