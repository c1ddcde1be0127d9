ALTER TABLE paper_scores ADD COLUMN mile1 INTEGER NOT NULL DEFAULT 0;
ALTER TABLE paper_scores ADD COLUMN mile3 INTEGER NOT NULL DEFAULT 0;
ALTER TABLE paper_scores ADD COLUMN mile5 INTEGER NOT NULL DEFAULT 0;
ALTER TABLE paper_scores ADD COLUMN mile10 INTEGER NOT NULL DEFAULT 0;
UPDATE paper_scores SET
    mile1 = coalesce(json_extract(counts, '$.mile1'), 0),
    mile3 = coalesce(json_extract(counts, '$.mile3'), 0),
    mile5 = coalesce(json_extract(counts, '$.mile5'), 0),
    mile10 = coalesce(json_extract(counts, '$.mile10'), 0);
ALTER TABLE paper_scores DROP COLUMN counts;
