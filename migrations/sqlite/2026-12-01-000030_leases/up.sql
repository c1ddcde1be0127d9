-- Instances over one database share the events' timed work (bots, turn clock, a round's end):
-- the holder of an event's lease alone does it (see the PostgreSQL migration). One server
-- serves a SQLite file and keeps every event without a lease, so these stay empty here: the
-- schema is the same on both.
CREATE TABLE instances (
    id TEXT PRIMARY KEY NOT NULL,
    alive_until TIMESTAMP NOT NULL
);
CREATE TABLE event_leases (
    event_id BIGINT PRIMARY KEY NOT NULL,
    holder TEXT NOT NULL,
    expires_at TIMESTAMP NOT NULL
);
CREATE INDEX event_leases_holder ON event_leases (holder);
