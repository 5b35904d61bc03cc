-- Booking, second part (issue 4 item 7): walk-in exams, mobile units and their
-- visits, slot holds, pending-appointment notifications, and the minimal
-- temporary_documents and questionnaire_answers tables that a booking key owns.
-- Runs unchanged on PGlite and PostgreSQL 15.

-- A mobile unit (a mammography van) is a device of its home clinic. It takes
-- bookings only during its visits (mobile_locations), never at the clinic.
ALTER TABLE devices ADD COLUMN mobile boolean NOT NULL DEFAULT false;
ALTER TABLE devices ADD CONSTRAINT devices_id_clinic_key UNIQUE (id, clinic_id);

-- Spec 3 "Walk-in exam": no appointment needed; prep_time minutes of
-- preparation, accepted until minutes_prior minutes before closing.
CREATE TABLE walk_in_exams (
  id            serial PRIMARY KEY,
  clinic_id     integer NOT NULL REFERENCES clinics (id) ON DELETE CASCADE,
  modality_id   integer NOT NULL REFERENCES modalities (id),
  name          text NOT NULL,
  prep_time     integer NOT NULL DEFAULT 0 CHECK (prep_time BETWEEN 0 AND 240),
  minutes_prior integer NOT NULL DEFAULT 0 CHECK (minutes_prior BETWEEN 0 AND 720),
  UNIQUE (clinic_id, name)
);

-- Spec 3 "Mobile location": a mobile unit at a place for a range of days
-- (inclusive, in the home clinic's calendar and opening hours).
CREATE TABLE mobile_locations (
  id              serial PRIMARY KEY,
  clinic_id       integer NOT NULL REFERENCES clinics (id) ON DELETE CASCADE,
  device_id       integer NOT NULL,
  name            text NOT NULL,
  address         text NOT NULL,
  latitude        double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude       double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  start_date      date NOT NULL,
  end_date        date NOT NULL CHECK (end_date >= start_date),
  -- Demonstration visits only: once one has ended, the start-up moves it
  -- forward by whole cycles of this many days (seed.ts), so a demo always has
  -- upcoming visits. NULL for real visits.
  demo_cycle_days integer CHECK (demo_cycle_days > 0),
  FOREIGN KEY (device_id, clinic_id) REFERENCES devices (id, clinic_id) ON DELETE CASCADE,
  -- A unit is in one place at a time.
  CONSTRAINT mobile_locations_one_place_at_a_time
    EXCLUDE USING gist (device_id WITH =, daterange(start_date, end_date, '[]') WITH &&)
);
CREATE INDEX mobile_locations_clinic_idx ON mobile_locations (clinic_id, start_date);

-- A slot held for a booking key while the patient fills the form. Expired
-- holds are deleted under the device's advisory lock before a device's holds
-- are written, so at most one live hold covers a device's time.
CREATE TABLE slot_holds (
  id          bigserial PRIMARY KEY,
  booking_key text NOT NULL REFERENCES booking_keys (booking_key) ON DELETE CASCADE,
  device_id   integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  exam_id     integer NOT NULL REFERENCES exams (id) ON DELETE CASCADE,
  during      tstzrange NOT NULL CHECK (NOT isempty(during) AND NOT lower_inf(during) AND NOT upper_inf(during)),
  expires_at  timestamptz NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT slot_holds_one_holder EXCLUDE USING gist (device_id WITH =, during WITH &&)
);
CREATE INDEX slot_holds_key_idx ON slot_holds (booking_key);

-- Pending appointments queue their confirmation e-mail on request, once.
ALTER TABLE appointments ADD COLUMN notification_queued_at timestamptz;

-- Owned by a booking key until the booking is made (later issues add the
-- file bytes and the questionnaire fields); POST /api/booking/booking_key/update
-- moves them to a new key.
CREATE TABLE IF NOT EXISTS temporary_documents (
  id               bigserial PRIMARY KEY,
  booking_key      text NOT NULL,
  file_name        text NOT NULL DEFAULT '',
  content_type     text NOT NULL DEFAULT '',
  document_type_id integer,
  exam_slug        text,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS temporary_documents_key_idx ON temporary_documents (booking_key);

CREATE TABLE IF NOT EXISTS questionnaire_answers (
  id                   bigserial PRIMARY KEY,
  booking_key          text NOT NULL,
  questionnaire_id     integer,
  questionnaire_result jsonb NOT NULL DEFAULT '{}',
  exam_slug            text,
  created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS questionnaire_answers_key_idx ON questionnaire_answers (booking_key);

-- Post codes of the towns the mobile units visit.
INSERT INTO postal_codes (code, country, suburb, latitude, longitude) VALUES
  ('2780', 'AU', 'Katoomba', -33.7139, 150.3119),
  ('2250', 'AU', 'Gosford', -33.4244, 151.3419),
  ('2500', 'AU', 'Wollongong', -34.4248, 150.8931),
  ('6210', 'AU', 'Mandurah', -32.5269, 115.7217)
ON CONFLICT (code, country) DO NOTHING;

-- Databases seeded before this migration get the demonstration walk-ins and
-- mobile units of seed-mobile.ts (a fresh database has no clinics yet here:
-- seed.ts writes them). Keep the two in step.
INSERT INTO walk_in_exams (clinic_id, modality_id, name, prep_time, minutes_prior)
SELECT c.id, m.id, w.name, w.prep_time, w.minutes_prior
FROM (VALUES
  ('sydney-cbd', 'Chest X-ray walk-in', 0, 30),
  ('sydney-cbd', 'X-ray Hand and wrist walk-in', 5, 30),
  ('parramatta', 'Chest X-ray walk-in', 0, 30),
  ('chatswood', 'Chest X-ray walk-in', 0, 30),
  ('perth-cbd', 'Chest X-ray walk-in', 0, 30),
  ('perth-cbd', 'X-ray Lumbar spine walk-in', 15, 30),
  ('fremantle', 'Chest X-ray walk-in', 0, 30),
  ('auckland-cbd', 'Chest X-ray walk-in', 0, 30),
  ('auckland-cbd', 'X-ray Foot and ankle walk-in', 10, 30)
) AS w (clinic_slug, name, prep_time, minutes_prior)
JOIN clinics c ON c.slug = w.clinic_slug
JOIN modalities m ON m.slug = 'x-ray';

INSERT INTO devices (clinic_id, modality_id, name, mobile)
SELECT c.id, m.id, 'Mobile mammography unit', true
FROM clinics c JOIN modalities m ON m.slug = 'mammography'
WHERE c.slug IN ('north-sydney', 'fremantle');

-- Visits from the first Monday after today (clinic-local), Monday to Friday.
INSERT INTO mobile_locations (clinic_id, device_id, name, address, latitude, longitude,
  start_date, end_date, demo_cycle_days)
SELECT c.id, d.id, v.name, v.address, v.latitude, v.longitude,
  t.monday + v.offset_days, t.monday + v.offset_days + 4, 56
FROM (VALUES
  ('north-sydney', 'Mobile mammography: Katoomba',
   'Katoomba Civic Centre car park, Parke Street, Katoomba NSW 2780', -33.7128, 150.3114, 0),
  ('north-sydney', 'Mobile mammography: Gosford',
   'Kibble Park, Mann Street, Gosford NSW 2250', -33.4258, 151.3420, 14),
  ('north-sydney', 'Mobile mammography: Wollongong',
   'Crown Street Mall, Wollongong NSW 2500', -34.4251, 150.8936, 28),
  ('fremantle', 'Mobile mammography: Mandurah',
   'Mandurah Forum car park, Pinjarra Road, Mandurah WA 6210', -32.5386, 115.7461, 7)
) AS v (clinic_slug, name, address, latitude, longitude, offset_days)
JOIN clinics c ON c.slug = v.clinic_slug
JOIN devices d ON d.clinic_id = c.id AND d.mobile
CROSS JOIN LATERAL (
  SELECT (now() AT TIME ZONE c.time_zone)::date AS today
) AS z
CROSS JOIN LATERAL (
  SELECT z.today + (8 - extract(isodow FROM z.today)::int) AS monday
) AS t;
