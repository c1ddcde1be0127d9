-- An entry a guest checked in themselves, from the wall's QR code (not one the host typed):
-- the console marks it, and that guest's browser may take it back before the seating.
ALTER TABLE entries ADD COLUMN checked_in BOOLEAN NOT NULL DEFAULT FALSE;
