-- A deal's table options beyond rules, players and partners (a JSON object, for example
-- Mille Bornes' {"hazard_on_hazard":true,"wait_after_hazard":true}); NULL for none, which is
-- what every deal stored before this had.
ALTER TABLE games ADD COLUMN options TEXT;
