-- When the host closed the evening: its results are final and no score changes any more.
-- NULL while the evening is open, or over but provisional (still correctable).
ALTER TABLE events ADD COLUMN closed_at TIMESTAMP;
