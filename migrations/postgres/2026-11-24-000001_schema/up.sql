-- The schema of migrations/sqlite/ as it stands after all of them, in PostgreSQL's words: the
-- same tables, columns, keys and indexes (ids are BIGSERIAL where SQLite has its 64-bit rowid).
-- A later change adds one migration here and one in migrations/sqlite/.

-- An evening: its settings, and the hashed secret of its host.
CREATE TABLE events (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    rules TEXT NOT NULL,
    settings TEXT NOT NULL,
    seed BIGINT NOT NULL,
    host_token_hash TEXT NOT NULL,
    host_password_hash TEXT,
    status TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    join_key TEXT NOT NULL DEFAULT '',
    private_views BOOLEAN NOT NULL DEFAULT FALSE,
    host_epoch INTEGER NOT NULL DEFAULT 0,
    join_epoch INTEGER NOT NULL DEFAULT 0
);

-- Kept for the schema's sake: the server's secret lives in a file, never here.
CREATE TABLE server_keys (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- What moves from table to table: one player, or a partnership of two.
CREATE TABLE entries (
    id BIGSERIAL PRIMARY KEY,
    event_id BIGINT NOT NULL REFERENCES events (id),
    position INTEGER NOT NULL,
    is_bot BOOLEAN NOT NULL,
    bot_level TEXT,
    joined_round INTEGER NOT NULL,
    withdrawn_round INTEGER,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX entries_event ON entries (event_id);

-- A person in an entry, with the hashed token of their seat link.
CREATE TABLE players (
    id BIGSERIAL PRIMARY KEY,
    entry_id BIGINT NOT NULL REFERENCES entries (id),
    member INTEGER NOT NULL,
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    claimed BOOLEAN NOT NULL DEFAULT FALSE,
    epoch INTEGER NOT NULL DEFAULT 0,
    UNIQUE (entry_id, member)
);

CREATE TABLE rounds (
    id BIGSERIAL PRIMARY KEY,
    event_id BIGINT NOT NULL REFERENCES events (id),
    number INTEGER NOT NULL,
    state TEXT NOT NULL,
    length_seconds INTEGER,
    extended_seconds INTEGER NOT NULL,
    started_at TIMESTAMP,
    stopped_at TIMESTAMP,
    closed_at TIMESTAMP,
    byes TEXT NOT NULL,
    closing TEXT,
    UNIQUE (event_id, number)
);

CREATE TABLE pauses (
    id BIGSERIAL PRIMARY KEY,
    round_id BIGINT NOT NULL REFERENCES rounds (id),
    paused_at TIMESTAMP NOT NULL,
    resumed_at TIMESTAMP
);
CREATE INDEX pauses_round ON pauses (round_id);

-- A table in a round, how it plays (digital or paper), and who progresses from it.
CREATE TABLE round_tables (
    id BIGSERIAL PRIMARY KEY,
    round_id BIGINT NOT NULL REFERENCES rounds (id),
    number INTEGER NOT NULL,
    mode TEXT NOT NULL,
    host_choice BIGINT,
    progresses BIGINT,
    tie TEXT,
    UNIQUE (round_id, number)
);

-- Who sits at a table: each entry is one side of the table's games.
CREATE TABLE table_entries (
    id BIGSERIAL PRIMARY KEY,
    table_id BIGINT NOT NULL REFERENCES round_tables (id),
    entry_id BIGINT NOT NULL REFERENCES entries (id),
    side INTEGER NOT NULL,
    UNIQUE (table_id, entry_id),
    UNIQUE (table_id, side)
);
CREATE INDEX table_entries_entry ON table_entries (entry_id);

-- A deal at a digital table. The state is the replay of its actions from its seed.
CREATE TABLE games (
    id BIGSERIAL PRIMARY KEY,
    table_id BIGINT NOT NULL REFERENCES round_tables (id),
    number INTEGER NOT NULL,
    rules TEXT NOT NULL,
    players INTEGER NOT NULL,
    partners BOOLEAN NOT NULL,
    seed BIGINT NOT NULL,
    seats TEXT NOT NULL,
    started_at TIMESTAMP NOT NULL,
    finished_at TIMESTAMP,
    winner_side INTEGER,
    scores TEXT,
    options TEXT,
    UNIQUE (table_id, number)
);

-- One row per action, numbered from 0: a stale or repeated submission fails on the key.
CREATE TABLE actions (
    id BIGSERIAL PRIMARY KEY,
    game_id BIGINT NOT NULL REFERENCES games (id),
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (game_id, number)
);

-- The miles recorded for an entry in a round.
CREATE TABLE scores (
    id BIGSERIAL PRIMARY KEY,
    round_id BIGINT NOT NULL REFERENCES rounds (id),
    entry_id BIGINT NOT NULL REFERENCES entries (id),
    miles INTEGER NOT NULL,
    source TEXT NOT NULL,
    UNIQUE (round_id, entry_id)
);

-- A paper table's score card for one side: counts per row of the rule set's score sheet.
CREATE TABLE paper_scores (
    id BIGSERIAL PRIMARY KEY,
    table_id BIGINT NOT NULL REFERENCES round_tables (id),
    side INTEGER NOT NULL,
    entered_by TEXT NOT NULL,
    entered_at TIMESTAMP NOT NULL,
    confirmed_by TEXT,
    confirmed_at TIMESTAMP,
    counts TEXT NOT NULL DEFAULT '{}',
    UNIQUE (table_id, side)
);

-- Every change the host makes to a recorded score.
CREATE TABLE corrections (
    id BIGSERIAL PRIMARY KEY,
    event_id BIGINT NOT NULL REFERENCES events (id),
    round_id BIGINT NOT NULL REFERENCES rounds (id),
    entry_id BIGINT NOT NULL REFERENCES entries (id),
    old_miles INTEGER NOT NULL,
    new_miles INTEGER NOT NULL,
    reason TEXT NOT NULL,
    made_by TEXT NOT NULL,
    made_at TIMESTAMP NOT NULL
);
CREATE INDEX corrections_event ON corrections (event_id);
