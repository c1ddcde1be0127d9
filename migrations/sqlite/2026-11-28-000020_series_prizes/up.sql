-- The prizes a series gives beyond places, as comma-separated words ("booby",
-- "most_rounds_won", "best_round", "most_tables", "perfect_attendance"): those every evening
-- of the series awards, and those awarded over the whole season. Empty: none.
ALTER TABLE series ADD COLUMN evening_prizes TEXT NOT NULL DEFAULT '';
ALTER TABLE series ADD COLUMN season_prizes TEXT NOT NULL DEFAULT '';
