DROP TABLE event_leases;
DROP TABLE instances;
