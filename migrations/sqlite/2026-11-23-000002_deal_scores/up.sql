-- A finished deal keeps its sides' scores (a JSON list), so that redraws need not replay it.
ALTER TABLE games ADD COLUMN scores TEXT;
