ALTER TABLE series DROP COLUMN season_prizes;
ALTER TABLE series DROP COLUMN evening_prizes;
