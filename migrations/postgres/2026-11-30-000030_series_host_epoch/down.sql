ALTER TABLE series DROP COLUMN host_epoch;
