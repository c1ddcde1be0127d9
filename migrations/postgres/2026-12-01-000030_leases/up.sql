-- Instances over one database share the events' timed work (bots, turn clock, a round's end):
-- each instance says it is alive, and the holder of an event's lease alone does that event's
-- timed work. A lease ends at expires_at unless its holder renews it (every second), so the
-- events of a killed instance go to the others within a few seconds. Times are the database's.
CREATE TABLE instances (
    id TEXT PRIMARY KEY,
    alive_until TIMESTAMPTZ NOT NULL
);
CREATE TABLE event_leases (
    event_id BIGINT PRIMARY KEY,
    holder TEXT NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX event_leases_holder ON event_leases (holder);
