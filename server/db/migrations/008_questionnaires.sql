-- Questionnaires (issue 5 part 5): the provider's questionnaires with their
-- outcome rules, answers of every kind, consent forms and their answers.
-- Runs unchanged on PGlite and PostgreSQL 15.

-- Spec 3 "Questionnaire". `code` is a stable handle for the seed and for
-- providers' tooling; `definition` is the survey JSON (docs/questionnaire-format.md).
-- A questionnaire applies to an exam when it is general, names the exam's
-- slug, or names its modality. Questionnaires are deactivated, never deleted:
-- stored answers keep pointing at them.
CREATE TABLE questionnaires (
  id                        serial PRIMARY KEY,
  code                      text NOT NULL UNIQUE CHECK (code ~ '^[a-z0-9-]{1,64}$'),
  type                      text NOT NULL CHECK (type IN (
                              'CREATE_BOOKING_REQUEST', 'CREATE_BOOKING_REQUEST_REFERRER',
                              'PAIN_SCORE_INITIAL', 'PAIN_SCORE_FINAL', 'PROTOCOL',
                              'MODALITY_ROUTING', 'BOOKING_FORM', 'REQUIRED_ON_CONFIRMATION',
                              'FEEDBACK', 'DECLINE_APPOINTMENT', 'CANCEL_APPOINTMENT_PATIENT')),
  title                     text NOT NULL,
  definition                jsonb NOT NULL CHECK (jsonb_typeof(definition) = 'object'),
  modal_size                text NOT NULL DEFAULT 'lg' CHECK (modal_size IN ('sm', 'md', 'lg', 'xl')),
  show_closing_confirmation boolean NOT NULL DEFAULT false,
  general                   boolean NOT NULL DEFAULT false,
  exam_slugs                text[] NOT NULL DEFAULT '{}',
  modality_ids              integer[] NOT NULL DEFAULT '{}',
  position                  integer NOT NULL DEFAULT 100,
  active                    boolean NOT NULL DEFAULT true,
  created_at                timestamptz NOT NULL DEFAULT now(),
  updated_at                timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX questionnaires_type_idx ON questionnaires (type) WHERE active;

-- Spec 3 "Outcome": evaluated in `position` order by the server on stored answers.
CREATE TABLE questionnaire_outcome_rules (
  id               serial PRIMARY KEY,
  questionnaire_id integer NOT NULL REFERENCES questionnaires (id) ON DELETE CASCADE,
  position         integer NOT NULL,
  type             text NOT NULL CHECK (type IN (
                     'DENY_BOOKING', 'CREATE_BOOKING_REQUEST', 'REQUIRE_MEDICARE_NUMBER',
                     'REQUIRE_VALIDATION_CODE', 'SET_DOCUMENT_TYPE', 'SET_INSURANCE_TYPE',
                     'REDIRECT', 'CHANGE_EXAM', 'WALK_IN_EXAM', 'RESTRICT_MIN_DATE')),
  expression       text NOT NULL,
  result           jsonb,
  evaluate_result  boolean NOT NULL DEFAULT false,
  UNIQUE (questionnaire_id, position)
);

-- Answers (spec 3 "Questionnaire answer"). Before booking an answer belongs to
-- a booking key only (kind TEMPORARY) and moves with the key
-- (POST /api/booking/booking_key/update); after booking it also names the
-- appointment or booking request it was given for.
ALTER TABLE questionnaire_answers
  ADD COLUMN questionnaire_type text,
  ADD COLUMN kind               text NOT NULL DEFAULT 'TEMPORARY'
                                CHECK (kind IN ('TEMPORARY', 'APPOINTMENT', 'BOOKING_REQUEST', 'PAIN_SCORE', 'PROTOCOL')),
  ADD COLUMN appointment_id     integer REFERENCES appointments (id) ON DELETE CASCADE,
  ADD COLUMN booking_request_id integer REFERENCES booking_requests (id) ON DELETE CASCADE,
  ADD COLUMN modality_id        integer REFERENCES modalities (id),
  ADD COLUMN pain_score         smallint CHECK (pain_score BETWEEN 0 AND 10),
  ADD COLUMN updated_at         timestamptz NOT NULL DEFAULT now();
CREATE INDEX questionnaire_answers_appointment_idx
  ON questionnaire_answers (appointment_id) WHERE appointment_id IS NOT NULL;
CREATE INDEX questionnaire_answers_booking_request_idx
  ON questionnaire_answers (booking_request_id) WHERE booking_request_id IS NOT NULL;
-- Feedback is given once per appointment (spec 4 "Feedback").
CREATE UNIQUE INDEX questionnaire_answers_feedback_once_idx
  ON questionnaire_answers (appointment_id, questionnaire_id) WHERE questionnaire_type = 'FEEDBACK';

-- Consent forms (spec 3 "Consent forms response"): signed per appointment.
CREATE TABLE consent_forms (
  id                        serial PRIMARY KEY,
  code                      text NOT NULL UNIQUE CHECK (code ~ '^[a-z0-9-]{1,64}$'),
  title                     text NOT NULL,
  definition                jsonb NOT NULL CHECK (jsonb_typeof(definition) = 'object'),
  modal_size                text NOT NULL DEFAULT 'lg' CHECK (modal_size IN ('sm', 'md', 'lg', 'xl')),
  show_closing_confirmation boolean NOT NULL DEFAULT false,
  general                   boolean NOT NULL DEFAULT false,
  exam_slugs                text[] NOT NULL DEFAULT '{}',
  modality_ids              integer[] NOT NULL DEFAULT '{}',
  -- Required forms left unanswered make notifyPatient true.
  required                  boolean NOT NULL DEFAULT true,
  position                  integer NOT NULL DEFAULT 100,
  active                    boolean NOT NULL DEFAULT true
);

CREATE TABLE consent_answers (
  id                   bigserial PRIMARY KEY,
  consent_form_id      integer NOT NULL REFERENCES consent_forms (id),
  appointment_id       integer NOT NULL REFERENCES appointments (id) ON DELETE CASCADE,
  questionnaire_result jsonb NOT NULL,
  created_at           timestamptz NOT NULL DEFAULT now(),
  UNIQUE (appointment_id, consent_form_id)
);
