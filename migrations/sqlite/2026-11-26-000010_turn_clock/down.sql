ALTER TABLE actions DROP COLUMN played_by;
ALTER TABLE players DROP COLUMN stand_in;
