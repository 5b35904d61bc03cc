-- Slot holds are limited per key, per client address and per browser, and a
-- key's holds cannot be renewed forever (docs/security.md "One script empties
-- a clinic's calendar"). Runs unchanged on PGlite and PostgreSQL 15.
ALTER TABLE slot_holds ADD COLUMN client_address text;
CREATE INDEX slot_holds_client_idx ON slot_holds (client_address, expires_at);

-- When the key first held a slot: renewals never hold past first + the cap.
ALTER TABLE booking_keys ADD COLUMN first_held_at timestamptz;
