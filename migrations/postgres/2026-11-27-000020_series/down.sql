DROP INDEX events_series;
ALTER TABLE events DROP COLUMN series_id;
DROP TABLE series_seats;
DROP TABLE series_people;
DROP TABLE series;
