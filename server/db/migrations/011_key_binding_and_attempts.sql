-- Security fixes of an attack run (docs/security.md). Runs unchanged on
-- PGlite and PostgreSQL 15.

-- A booking key belongs to the browser it was issued to: the row holds the
-- SHA-256 of that browser's own cookie (__Host-imaging_browser). Only that
-- browser may book with the key, hold slots, upload, answer or move it.
-- Keys issued before this migration have none and are bound to no browser.
ALTER TABLE booking_keys ADD COLUMN browser_hash text;

-- Attempt budgets decided and recorded in one statement (INSERT … ON
-- CONFLICT DO UPDATE … RETURNING), so concurrent guesses queue on the row
-- and a burst of any size is evaluated at most up to the limit. A scope names
-- what is counted: dates of birth per key and client, per key, codes sent
-- per key, code tries per key.
CREATE TABLE auth_budgets (
  scope           text PRIMARY KEY,
  tries           integer NOT NULL,
  window_start    timestamptz NOT NULL,
  -- The key-wide date-of-birth budget slows down after its free tries
  -- instead of locking the owner out: the next try waits until then.
  next_allowed_at timestamptz NOT NULL
);
CREATE INDEX auth_budgets_window_idx ON auth_budgets (window_start);

-- Replaced by auth_budgets.
DROP TABLE auth_failures;

-- Idempotent booking creation: the client sends an Idempotency-Key with each
-- create call; the answer is stored in the booking's own transaction, so a
-- retry after a lost answer receives the same booking instead of a second one.
CREATE TABLE idempotent_requests (
  browser_hash    text NOT NULL,
  idempotency_key text NOT NULL,
  route           text NOT NULL,
  request_hash    text NOT NULL,
  status          integer NOT NULL,
  response        jsonb NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (browser_hash, idempotency_key)
);
CREATE INDEX idempotent_requests_created_idx ON idempotent_requests (created_at);

-- Delivered messages lose their body (codes, booking links) at once; the
-- rest after the retention period (outbox-sender purge).
CREATE INDEX outbox_sent_idx ON outbox (sent_at) WHERE sent_at IS NOT NULL;
