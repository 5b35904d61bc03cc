-- Initial schema of the reference API. Runs unchanged on PGlite and PostgreSQL 15.
CREATE EXTENSION IF NOT EXISTS btree_gist;

-- Provider settings: one JSON document per configuration section (spec 3).
CREATE TABLE provider_settings (
  section    text PRIMARY KEY,
  value      jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Provider translation overrides, merged over the front end's base bundles.
CREATE TABLE translations (
  locale text NOT NULL,
  key    text NOT NULL,
  value  text NOT NULL,
  PRIMARY KEY (locale, key)
);

-- Header images, favicon and background served by /api/assets/application/{name}.
CREATE TABLE application_assets (
  name         text PRIMARY KEY,
  content_type text NOT NULL CHECK (content_type LIKE 'image/%'),
  bytes        bytea NOT NULL,
  updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE regions (
  id        serial PRIMARY KEY,
  slug      text NOT NULL UNIQUE,
  name      text NOT NULL,
  latitude  double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180)
);

CREATE TABLE clinics (
  id          serial PRIMARY KEY,
  slug        text NOT NULL UNIQUE,
  name        text NOT NULL,
  address     text NOT NULL,
  suburb      text NOT NULL,
  state       text NOT NULL,
  postal_code text NOT NULL,
  country     text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  phone       text NOT NULL,
  email       text NOT NULL,
  time_zone   text NOT NULL,
  latitude    double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude   double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  region_id   integer NOT NULL REFERENCES regions (id)
);
CREATE INDEX clinics_region_idx ON clinics (region_id);

CREATE TABLE modalities (
  id   serial PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL
);

CREATE TABLE body_parts (
  id   serial PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL
);

CREATE TABLE exams (
  id                               serial PRIMARY KEY,
  slug                             text NOT NULL UNIQUE,
  name                             text NOT NULL,
  modality_id                      integer NOT NULL REFERENCES modalities (id),
  body_part_id                     integer REFERENCES body_parts (id),
  priority                         integer NOT NULL DEFAULT 100,
  exam_code                        text NOT NULL,
  exam_notes                       text NOT NULL DEFAULT '',
  notes                            text NOT NULL DEFAULT '',
  duration_minutes                 integer NOT NULL CHECK (duration_minutes > 0),
  -- false: enquiry only (a booking request instead of an appointment).
  bookable_online                  boolean NOT NULL DEFAULT true,
  show_booking_request_info_modal  boolean NOT NULL DEFAULT false
);
CREATE INDEX exams_modality_idx ON exams (modality_id);

CREATE TABLE clinic_exams (
  clinic_id integer NOT NULL REFERENCES clinics (id) ON DELETE CASCADE,
  exam_id   integer NOT NULL REFERENCES exams (id) ON DELETE CASCADE,
  PRIMARY KEY (clinic_id, exam_id)
);
CREATE INDEX clinic_exams_exam_idx ON clinic_exams (exam_id);

CREATE TABLE devices (
  id          serial PRIMARY KEY,
  clinic_id   integer NOT NULL REFERENCES clinics (id) ON DELETE CASCADE,
  modality_id integer NOT NULL REFERENCES modalities (id),
  name        text NOT NULL,
  UNIQUE (clinic_id, name)
);
CREATE INDEX devices_clinic_modality_idx ON devices (clinic_id, modality_id);

-- Local opening times of a clinic (its time_zone); weekday is ISO 8601: 1 = Monday … 7 = Sunday.
CREATE TABLE opening_hours (
  clinic_id integer NOT NULL REFERENCES clinics (id) ON DELETE CASCADE,
  weekday   smallint NOT NULL CHECK (weekday BETWEEN 1 AND 7),
  opens     time NOT NULL,
  closes    time NOT NULL,
  CHECK (closes > opens),
  PRIMARY KEY (clinic_id, weekday, opens)
);

CREATE TABLE appointments (
  id                    serial PRIMARY KEY,
  booking_key           text NOT NULL UNIQUE,
  device_id             integer NOT NULL REFERENCES devices (id),
  exam_id               integer REFERENCES exams (id),
  during                tstzrange NOT NULL CHECK (NOT isempty(during) AND NOT lower_inf(during) AND NOT upper_inf(during)),
  status                text NOT NULL DEFAULT 'BOOKED'
                        CHECK (status IN ('PENDING', 'BOOKED', 'CONFIRMED', 'CHECKED_IN', 'COMPLETED', 'NO_SHOW', 'CANCELED')),
  patient_first_name    text NOT NULL DEFAULT '',
  patient_last_name     text NOT NULL DEFAULT '',
  patient_email         text,
  patient_phone         text,
  patient_date_of_birth date,
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now(),
  -- A device can never hold two live appointments at overlapping times.
  CONSTRAINT appointments_no_double_booking
    EXCLUDE USING gist (device_id WITH =, during WITH &&) WHERE (status <> 'CANCELED')
);

-- Server-side sessions; the cookie holds a random token, the table only its SHA-256.
CREATE TABLE sessions (
  token_hash        text PRIMARY KEY,
  kind              text NOT NULL CHECK (kind IN ('staff', 'patient')),
  user_json         jsonb,
  role_translations text,
  created_at        timestamptz NOT NULL DEFAULT now(),
  expires_at        timestamptz NOT NULL
);
CREATE INDEX sessions_expires_idx ON sessions (expires_at);

-- Fixed-window request counters (per client address and route group), shared by all API processes.
CREATE TABLE rate_limits (
  bucket       text NOT NULL,
  window_start timestamptz NOT NULL,
  hits         integer NOT NULL,
  PRIMARY KEY (bucket, window_start)
);
CREATE INDEX rate_limits_window_idx ON rate_limits (window_start);
