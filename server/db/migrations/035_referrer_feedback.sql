-- Referrers' report quality feedback (spec 7 GET and POST
-- /api/image_viewer_link/questionnaires; R-7-calls-23, R-7-calls-24): the
-- provider's questionnaire of type REFERRER_REPORT_FEEDBACK and the answers,
-- one per study and questionnaire (a second answer is refused: "feedback
-- already provided"). Runs unchanged on PGlite and PostgreSQL 15.
ALTER TABLE questionnaires DROP CONSTRAINT questionnaires_type_check;
ALTER TABLE questionnaires ADD CONSTRAINT questionnaires_type_check CHECK (type IN (
  'CREATE_BOOKING_REQUEST', 'CREATE_BOOKING_REQUEST_REFERRER',
  'PAIN_SCORE_INITIAL', 'PAIN_SCORE_FINAL', 'PROTOCOL',
  'MODALITY_ROUTING', 'BOOKING_FORM', 'REQUIRED_ON_CONFIRMATION',
  'FEEDBACK', 'DECLINE_APPOINTMENT', 'CANCEL_APPOINTMENT_PATIENT',
  'REFERRER_REPORT_FEEDBACK'));

CREATE TABLE referrer_feedback_answers (
  id                   bigserial PRIMARY KEY,
  study_id             integer NOT NULL REFERENCES imaging_studies (id) ON DELETE CASCADE,
  questionnaire_id     integer NOT NULL REFERENCES questionnaires (id),
  questionnaire_result jsonb NOT NULL CHECK (jsonb_typeof(questionnaire_result) = 'object'),
  -- Who gave it: 'link:<image link id>' or 'staff:<user name>'; never a secret.
  given_by             text NOT NULL,
  created_at           timestamptz NOT NULL DEFAULT now(),
  UNIQUE (study_id, questionnaire_id)
);
