-- A seat handed to a late arrival in the middle of a round: the player who held it points to
-- the player who took it over, so that the old link's page can say so. NULL: never handed.
ALTER TABLE players ADD COLUMN handed_to BIGINT;
