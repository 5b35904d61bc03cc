-- Referral documents (issue 7 parts 3 and 4; spec 3 "Attachment", "Document
-- upload"; spec 7 attachment calls). Runs unchanged on PGlite and PostgreSQL 15.

-- The provider's document types. `code` is a stable machine name; the one
-- with is_referral is what the upload-referral modal and the booking-request
-- referral download use.
CREATE TABLE document_types (
  id          serial PRIMARY KEY,
  code        text NOT NULL UNIQUE CHECK (code ~ '^[a-z0-9_]{1,40}$'),
  title       text NOT NULL,
  description text NOT NULL DEFAULT '',
  is_referral boolean NOT NULL DEFAULT false,
  position    smallint NOT NULL DEFAULT 100,
  active      boolean NOT NULL DEFAULT true
);
CREATE UNIQUE INDEX document_types_one_referral ON document_types (is_referral) WHERE is_referral;

-- Which exams ask for which document type: by modality slug (NULL: every
-- exam), or for one exam slug (wins over the modality rule). Slugs, not ids,
-- because the catalogue is seeded after the migrations run.
CREATE TABLE document_type_rules (
  id               serial PRIMARY KEY,
  document_type_id integer NOT NULL REFERENCES document_types (id) ON DELETE CASCADE,
  modality_slug    text,
  exam_slug        text,
  required         boolean NOT NULL DEFAULT false,
  CHECK (modality_slug IS NULL OR exam_slug IS NULL)
);

INSERT INTO document_types (code, title, description, is_referral, position) VALUES
  ('referral', 'Referral',
   'The request form from your doctor or specialist. A clear photo of every page, or the PDF you were sent.',
   true, 10),
  ('previous_imaging_report', 'Previous imaging report',
   'A report of earlier scans of the same body part, so the radiologist can compare.', false, 20),
  ('medicare_card', 'Medicare card',
   'The front of your Medicare card, if you want us to bulk bill or claim for you.', false, 30),
  ('other', 'Other document',
   'Anything else your doctor asked you to bring, such as a letter or a pathology result.', false, 90);

INSERT INTO document_type_rules (document_type_id, modality_slug, required)
SELECT t.id, r.modality_slug, r.required
FROM (VALUES
  ('referral', NULL, true),
  ('previous_imaging_report', 'mri', false),
  ('previous_imaging_report', 'ct', false),
  ('previous_imaging_report', 'nuclear-medicine', false),
  ('medicare_card', NULL, false)
) AS r (code, modality_slug, required)
JOIN document_types t ON t.code = r.code;

-- Documents belong to a booking key (004 created the table for a booking in
-- progress). While the key is issued but unused they are "temporary"; when an
-- appointment or booking request is made with the key they are its documents
-- without a copy. The bytes live in <dataDir>/documents/<storage_name>, a
-- random server-made name; the original name is metadata only.
ALTER TABLE temporary_documents
  ADD COLUMN storage_name text UNIQUE CHECK (storage_name ~ '^[A-Za-z0-9_-]{32}$'),
  ADD COLUMN size_bytes   bigint CHECK (size_bytes > 0),
  ADD COLUMN sha256       text,
  ADD COLUMN group_name   text,
  ADD COLUMN additional   boolean NOT NULL DEFAULT false,
  ADD COLUMN updated_at   timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN imported_at  timestamptz,
  ADD CONSTRAINT temporary_documents_type_fk
    FOREIGN KEY (document_type_id) REFERENCES document_types (id);

-- Every read and write of a document, allowed or refused (issue 7 part 4).
-- `at` is an instant (timestamptz); the API reports it in UTC.
CREATE TABLE document_audit (
  id             bigserial PRIMARY KEY,
  at             timestamptz NOT NULL DEFAULT now(),
  -- Who: a secured session (SHA-256 of its token, as sessions.token_hash) or
  -- the holder of a booking key in progress; staff sessions add the user name.
  actor_kind     text NOT NULL CHECK (actor_kind IN ('session', 'booking_key', 'system')),
  session_hash   text,
  username       text,
  booking_key    text,
  owner_kind     text CHECK (owner_kind IN ('appointment', 'booking_request', 'booking')),
  owner_slug     text,
  action         text NOT NULL CHECK (action IN ('list', 'upload', 'replace', 'delete', 'download',
                   'view', 'referral_download', 'imported', 'move')),
  document_id    bigint,
  file_name      text,
  outcome        text NOT NULL CHECK (outcome IN ('ok', 'refused')),
  status         smallint NOT NULL,
  message_key    text,
  client_address text
);
CREATE INDEX document_audit_key_idx ON document_audit (booking_key, at);
CREATE INDEX document_audit_document_idx ON document_audit (document_id);
