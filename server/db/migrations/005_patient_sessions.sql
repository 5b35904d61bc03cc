-- Patient sessions (issue 6): a session that proved the date of birth (and
-- the one-time code) of one booking holds that booking's key. Idle expiry
-- slides (expires_at); absolute_expires_at never moves (12 hours).
-- Runs unchanged on PGlite and PostgreSQL 15.
ALTER TABLE sessions
  ADD COLUMN booking_key         text,
  ADD COLUMN booking_kind        text CHECK (booking_kind IN ('appointment', 'booking_request')),
  ADD COLUMN absolute_expires_at timestamptz NOT NULL DEFAULT now() + interval '12 hours',
  ADD CONSTRAINT sessions_booking_pair CHECK ((booking_key IS NULL) = (booking_kind IS NULL));
CREATE INDEX sessions_expiry_idx ON sessions (expires_at);
