ALTER TABLE events DROP COLUMN join_epoch;
ALTER TABLE events DROP COLUMN host_epoch;
ALTER TABLE players DROP COLUMN epoch;
ALTER TABLE players DROP COLUMN claimed;
