-- Issue 16: the referring-doctor directory of the check-in form and the
-- appointment reminders. Runs unchanged on PGlite and PostgreSQL 15.

-- Referrers (spec 3 "Doctor search result"). `search` is the lower-cased
-- "surname given-names practice suburb post-code": a term matching its start
-- is a surname prefix, which the search ranks first.
CREATE TABLE doctors (
  id              text PRIMARY KEY,
  name            text NOT NULL,
  provider_number text NOT NULL,
  practice        text,
  suburb          text,
  postal_code     text,
  state           text,
  search          text
);

-- One row per word of a doctor's `search`: a word-prefix search is a btree
-- range scan (pg_trgm is not part of PGlite's default build, nor always
-- installed on PostgreSQL). text_pattern_ops makes LIKE 'abc%' use the index
-- whatever the database's collation.
CREATE TABLE doctor_search_terms (
  word      text NOT NULL,
  doctor_id text NOT NULL REFERENCES doctors (id) ON DELETE CASCADE,
  PRIMARY KEY (word, doctor_id)
);
CREATE INDEX doctor_search_terms_prefix_idx ON doctor_search_terms (word text_pattern_ops);

-- Reminders (issue 16 part 7): sent once, claimed by the UPDATE that sets
-- reminder_sent_at. The booking key is stored only as a hash, so the check-in
-- link needs the clear key sealed at booking under the reminder secret
-- (server/services/reminders.service.ts); it is dropped once the reminder left.
ALTER TABLE appointments ADD COLUMN reminder_sent_at timestamptz;
ALTER TABLE appointments ADD COLUMN reminder_key text;
CREATE INDEX appointments_reminder_due_idx ON appointments (lower(during))
  WHERE reminder_sent_at IS NULL AND reminder_key IS NOT NULL;

-- An e-mail may carry an HTML alternative (the reminder's QR code); emptied with the body.
ALTER TABLE outbox ADD COLUMN html text;

-- Secrets the server makes itself when the environment gives none.
CREATE TABLE server_secrets (
  name  text PRIMARY KEY,
  value text NOT NULL
);
