-- Issue 17: imaging results. Studies, series and instances (DICOM files under
-- DATA_DIR), radiologists' reports, per-modality results-access rules, image
-- links (imsec) and the audit log of every read. Runs unchanged on PGlite and
-- PostgreSQL 15.

-- One study per accession; appointment_id ties it to the patient's booking
-- (the results page). `synthetic` names the recipe of a seeded study whose
-- files are made on first request (services/dicom-files.ts), null for real ones.
CREATE TABLE imaging_studies (
  id                  serial PRIMARY KEY,
  study_instance_uid  text NOT NULL UNIQUE,
  accession_number    text NOT NULL UNIQUE,
  repository_source   text NOT NULL DEFAULT 'PORTAL',
  appointment_id      integer REFERENCES appointments (id) ON DELETE SET NULL,
  patient_id          text NOT NULL,
  patient_name        text NOT NULL,
  patient_birth_date  date,
  patient_sex         text CHECK (patient_sex IN ('F', 'M', 'O')),
  study_at            timestamptz NOT NULL,
  modality            text NOT NULL,
  description         text NOT NULL,
  body_part           text,
  clinic_name         text NOT NULL DEFAULT '',
  -- The clinic's zone: DICOM dates and times are local.
  time_zone           text NOT NULL DEFAULT 'Australia/Sydney',
  referrer_id         text,
  referrer_name       text,
  referrer_email      text,
  -- First time the referrer opened the results (an image link or the quick report).
  referrer_opened_at  timestamptz,
  synthetic           text,
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX imaging_studies_appointment_idx ON imaging_studies (appointment_id);
CREATE INDEX imaging_studies_patient_idx ON imaging_studies (patient_id);
CREATE INDEX imaging_studies_at_idx ON imaging_studies (study_at);

CREATE TABLE imaging_series (
  id                  serial PRIMARY KEY,
  study_id            integer NOT NULL REFERENCES imaging_studies (id) ON DELETE CASCADE,
  series_instance_uid text NOT NULL UNIQUE,
  series_number       integer NOT NULL,
  modality            text NOT NULL,
  description         text NOT NULL DEFAULT '',
  body_part           text
);
CREATE INDEX imaging_series_study_idx ON imaging_series (study_id, series_number);

-- file_path is relative to DATA_DIR; null until the file exists (synthetic studies).
CREATE TABLE imaging_instances (
  id                  serial PRIMARY KEY,
  series_id           integer NOT NULL REFERENCES imaging_series (id) ON DELETE CASCADE,
  sop_instance_uid    text NOT NULL UNIQUE,
  sop_class_uid       text NOT NULL,
  instance_number     integer NOT NULL,
  rows                integer NOT NULL CHECK (rows > 0),
  columns             integer NOT NULL CHECK (columns > 0),
  number_of_frames    integer NOT NULL DEFAULT 1,
  file_path           text
);
CREATE INDEX imaging_instances_series_idx ON imaging_instances (series_id, instance_number);

CREATE TABLE imaging_reports (
  id                  serial PRIMARY KEY,
  study_id            integer NOT NULL UNIQUE REFERENCES imaging_studies (id) ON DELETE CASCADE,
  status              text NOT NULL CHECK (status IN ('PRELIMINARY', 'FINAL', 'AMENDED')),
  clinical_history    text NOT NULL DEFAULT '',
  technique           text NOT NULL DEFAULT '',
  findings            text NOT NULL,
  impression          text NOT NULL,
  radiologist_name    text NOT NULL,
  finalised_at        timestamptz,
  -- Set once, by the release (services/results-release.ts), with the 'results ready' message.
  released_at         timestamptz,
  CHECK (status = 'PRELIMINARY' OR finalised_at IS NOT NULL)
);
CREATE INDEX imaging_reports_unreleased_idx ON imaging_reports (finalised_at)
  WHERE released_at IS NULL AND finalised_at IS NOT NULL;

-- Per modality: released release_after_days after the report is final, or as
-- soon as the referrer has opened the results when release_when_referrer_opened;
-- then available for available_months. Modality '*' is the default rule.
CREATE TABLE results_access_rules (
  modality                     text PRIMARY KEY,
  release_after_days           integer NOT NULL CHECK (release_after_days BETWEEN 0 AND 365),
  release_when_referrer_opened boolean NOT NULL DEFAULT true,
  available_months             integer NOT NULL CHECK (available_months BETWEEN 1 AND 240)
);

-- A referrer's preference for image links: their PACS, or the viewer.
CREATE TABLE referrer_image_preferences (
  referrer_id text PRIMARY KEY,
  preference  text NOT NULL CHECK (preference IN ('PACS', 'VIEWER')),
  pacs_url    text,
  CHECK (preference <> 'PACS' OR pacs_url IS NOT NULL)
);

-- Image links: the code (at least 128 random bits) is stored only as its
-- SHA-256. A link is ACTIVE until expires_at or until staff expire it.
CREATE TABLE image_links (
  id                serial PRIMARY KEY,
  code_hash         text NOT NULL UNIQUE,
  study_id          integer NOT NULL REFERENCES imaging_studies (id) ON DELETE CASCADE,
  status            text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'EXPIRED')),
  expires_at        timestamptz NOT NULL,
  preference        text NOT NULL DEFAULT 'VIEWER' CHECK (preference IN ('PACS', 'VIEWER')),
  pacs_url          text,
  redirect_url      text,
  repository_source text NOT NULL DEFAULT 'PORTAL',
  referrer_id       text,
  created_by        text,
  created_at        timestamptz NOT NULL DEFAULT now(),
  last_opened_at    timestamptz
);
CREATE INDEX image_links_study_idx ON image_links (study_id);

-- Every read of a report, a study (DICOMweb) or an image link, refused ones
-- included: who, what, when (UTC), outcome.
CREATE TABLE imaging_audit (
  id             bigserial PRIMARY KEY,
  at             timestamptz NOT NULL DEFAULT now(),
  actor_kind     text NOT NULL CHECK (actor_kind IN ('imsec', 'patient', 'staff', 'viewer_token', 'anonymous')),
  actor          text,
  action         text NOT NULL,
  study_id       integer,
  accession_number text,
  outcome        text NOT NULL CHECK (outcome IN ('ok', 'refused')),
  status         integer NOT NULL,
  message_key    text,
  client_address text
);
CREATE INDEX imaging_audit_at_idx ON imaging_audit (at);
CREATE INDEX imaging_audit_study_idx ON imaging_audit (study_id, at);

-- When the seed's imaging rows were dated (a database made from the build's
-- template re-dates them on its first start, seed-imaging.ts).
CREATE TABLE imaging_seed (
  anchor timestamptz NOT NULL
);
