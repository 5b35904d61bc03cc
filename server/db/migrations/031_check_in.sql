-- Digital check-in and the kiosk (issue 16 parts 4 to 6; spec 3 "Check-in
-- form", 4 "Digital check-in", 7). Runs unchanged on PGlite and PostgreSQL 15.

-- One row per appointment that was prepared or checked in. The form fields are
-- the spec 3 check-in form; referrer_id is a doctor id of the doctor search
-- (text: the directory, or an external search, names it).
-- prepared_at: the form was stored; prepared_sent_at: the RIS acknowledged it;
-- sent_at: the check-in was queued for the RIS; success_at: the RIS acknowledged it.
CREATE TABLE check_ins (
  appointment_id   integer PRIMARY KEY REFERENCES appointments (id) ON DELETE CASCADE,
  referrer_id      text,
  date_of_referral date,
  medicare_number  text,
  reference_number text,
  gender           text CHECK (gender IN ('Female', 'Male', 'Other')),
  prepared_at      timestamptz,
  prepared_sent_at timestamptz,
  sent_at          timestamptz,
  success_at       timestamptz,
  updated_at       timestamptz NOT NULL DEFAULT now()
);

-- Windows per clinic and exam (slugs, because the catalogue is seeded after the
-- migrations run). A row with exam_slug NULL is the clinic's; a row with an exam
-- wins over it; NULL columns fall back to the clinic row, then to the provider
-- setting "checkIn" (services/check-in-config.ts: 60 minutes before, 30 after).
CREATE TABLE check_in_windows (
  id                   serial PRIMARY KEY,
  clinic_slug          text NOT NULL,
  exam_slug            text,
  enabled              boolean,
  opens_minutes_before integer CHECK (opens_minutes_before BETWEEN 0 AND 1440),
  closes_minutes_after integer CHECK (closes_minutes_after BETWEEN 0 AND 1440)
);
CREATE UNIQUE INDEX check_in_windows_scope ON check_in_windows (clinic_slug, coalesce(exam_slug, ''));

INSERT INTO check_in_windows (clinic_slug, exam_slug, enabled, opens_minutes_before, closes_minutes_after) VALUES
  ('sydney-cbd', NULL, true, 90, 30),
  ('parramatta', NULL, true, 45, 15),
  ('liverpool', NULL, false, NULL, NULL);

-- Kiosk check-in handles (spec 3 "Check-in identity response"): what the
-- identity step answers instead of booking keys. Only the SHA-256 of the
-- random 256-bit handle is stored; a decoy (no match) has no booking key and
-- its code is never sent. Single use, 10 minutes, 5 wrong codes end it.
CREATE TABLE check_in_handles (
  handle_hash text PRIMARY KEY,
  booking_key text,
  decoy       boolean NOT NULL DEFAULT false,
  tries       integer NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  CHECK (decoy = (booking_key IS NULL))
);
CREATE INDEX check_in_handles_expires_idx ON check_in_handles (expires_at);

-- Deliveries to the clinic's RIS (FHIR R4 JSON) go through the outbox too.
ALTER TABLE outbox DROP CONSTRAINT IF EXISTS outbox_channel_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_channel_check CHECK (channel IN ('email', 'sms', 'ris'));
