-- The series' host epoch: a browser's session on the series' console is opened in one and
-- opens nothing once it moved on. The console's logout and a new series token move it on,
-- so a copy of a cookie saved before either opens nothing.
ALTER TABLE series ADD COLUMN host_epoch INTEGER NOT NULL DEFAULT 0;
