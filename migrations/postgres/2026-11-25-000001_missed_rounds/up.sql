-- What a late entry scores for each round it missed, as the host chose when adding it:
-- 'zero' (the default, and what every entry stored before this had) or 'round_average'.
ALTER TABLE entries ADD COLUMN missed_rounds TEXT NOT NULL DEFAULT 'zero';
