-- The turn clock. A seat the host handed to a bot is played by the table's steady bot until
-- the host takes it back; an action played for a seat (its turn ran out: "clock"; the seat
-- was handed to a bot: "bot") says so, for the boards and the replays. NULL: the seat's own.
ALTER TABLE players ADD COLUMN stand_in BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE actions ADD COLUMN played_by TEXT;
