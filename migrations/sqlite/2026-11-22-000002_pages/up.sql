-- Secrets the server keeps across restarts (the key that signs session cookies).
CREATE TABLE server_keys (
    name TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
);

-- The key printed in the QR codes that let guests find their seat (table tents, projector).
ALTER TABLE events ADD COLUMN join_key TEXT NOT NULL DEFAULT '';
-- Whether the projector and standings pages need the viewer link.
ALTER TABLE events ADD COLUMN private_views BOOLEAN NOT NULL DEFAULT FALSE;
