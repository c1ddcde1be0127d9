-- A paper score card is stored as counts per row of its rule set's score sheet (a JSON object
-- keyed by row), so that the table does not name any game's cards. Existing cards of Touring
-- (1926) keep their four mile piles under the rows' identifiers.
ALTER TABLE paper_scores ADD COLUMN counts TEXT NOT NULL DEFAULT '{}';
UPDATE paper_scores SET counts = json_object('mile1', mile1, 'mile3', mile3, 'mile5', mile5, 'mile10', mile10);
ALTER TABLE paper_scores DROP COLUMN mile1;
ALTER TABLE paper_scores DROP COLUMN mile3;
ALTER TABLE paper_scores DROP COLUMN mile5;
ALTER TABLE paper_scores DROP COLUMN mile10;
