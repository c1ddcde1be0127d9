-- A seat held by a browser that picked it from a QR code (not by its own link): the console
-- shows such seats, and the guest's own link, once opened, takes the seat back from the
-- picker. FALSE: held by its link, or by nobody.
ALTER TABLE players ADD COLUMN picked BOOLEAN NOT NULL DEFAULT FALSE;
