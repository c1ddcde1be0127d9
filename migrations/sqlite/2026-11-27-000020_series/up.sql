-- A series (a season, a league) groups evenings and adds them up. Its host holds its own
-- token; each evening made in it keeps its own host token as well. How it counts: "total",
-- "best" (the best count_best evenings of each person) or "average" (per evening attended).
CREATE TABLE series (
    id INTEGER PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    counting TEXT NOT NULL,
    count_best INTEGER,
    host_token_hash TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);

-- People of a series, stored once the host links, splits or picks them (names match by
-- themselves, case and spaces aside). same_as: this person counts as that one (a link).
CREATE TABLE series_people (
    id INTEGER PRIMARY KEY NOT NULL,
    series_id BIGINT NOT NULL REFERENCES series (id),
    name TEXT NOT NULL,
    same_as BIGINT REFERENCES series_people (id),
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX series_people_series ON series_people (series_id);

-- A seat of an evening that the host said is a given person (a returning guest added from
-- the people list, or one name that is two people).
CREATE TABLE series_seats (
    player_id BIGINT PRIMARY KEY NOT NULL REFERENCES players (id),
    person_id BIGINT NOT NULL REFERENCES series_people (id)
);
CREATE INDEX series_seats_person ON series_seats (person_id);

-- The series an evening belongs to, if any.
ALTER TABLE events ADD COLUMN series_id BIGINT REFERENCES series (id);
CREATE INDEX events_series ON events (series_id);
