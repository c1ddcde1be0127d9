ALTER TABLE events DROP COLUMN private_views;
ALTER TABLE events DROP COLUMN join_key;
DROP TABLE server_keys;
