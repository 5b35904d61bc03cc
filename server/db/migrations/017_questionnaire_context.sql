-- Questionnaires in context (issue 13, defect 10).
--
-- PATIENT_NOTE: an outcome that tells the patient what an answer means for
-- the visit (a support person is welcome, bring the implant card). The notes
-- of the answers that apply to an appointment's exam are kept with it, so the
-- confirmation page and the e-mail show them under "How to prepare": an array
-- of {message, messageParams} (an i18n key and its values).
ALTER TABLE questionnaire_outcome_rules DROP CONSTRAINT questionnaire_outcome_rules_type_check;
ALTER TABLE questionnaire_outcome_rules ADD CONSTRAINT questionnaire_outcome_rules_type_check
  CHECK (type IN (
    'DENY_BOOKING', 'CREATE_BOOKING_REQUEST', 'REQUIRE_MEDICARE_NUMBER',
    'REQUIRE_VALIDATION_CODE', 'SET_DOCUMENT_TYPE', 'SET_INSURANCE_TYPE',
    'REDIRECT', 'CHANGE_EXAM', 'WALK_IN_EXAM', 'RESTRICT_MIN_DATE', 'PATIENT_NOTE'));

ALTER TABLE appointments ADD COLUMN patient_notes jsonb NOT NULL DEFAULT '[]'::jsonb;

-- The demonstration data of a database seeded before this migration, changed
-- only where it is still as seeded (a provider's own edits are kept); a fresh
-- database gets the same from the seed, which runs after the migrations.

-- "How to prepare" asked again what the MRI safety screening had just asked.
UPDATE exams SET exam_notes =
  'Leave jewellery, watches and hair clips at home and wear clothes without metal; you may be asked to change into a gown.'
WHERE exam_notes = 'Tell us about any pacemaker, implant or metal in your body before an MRI.';

-- The routing question offers breast screening only when a breast exam is booked.
UPDATE questionnaires SET definition = jsonb_set(
    definition, '{pages,0,elements,0,choices,1,visibleIf}',
    to_jsonb('{booking.bodyParts} contains ''breast'''::text)),
  updated_at = now()
WHERE code = 'modality-routing'
  AND definition #>> '{pages,0,elements,0,choices,1,value}' = 'screening'
  AND definition #> '{pages,0,elements,0,choices,1,visibleIf}' IS NULL;

-- What the MRI safety answers mean for the visit.
INSERT INTO questionnaire_outcome_rules (questionnaire_id, position, type, expression, result)
SELECT q.id, 100 + n.position, 'PATIENT_NOTE', n.expression, n.result
FROM questionnaires q
CROSS JOIN (VALUES
  (1, '{claustrophobic} = ''yes''',
   '{"message": "message.questionnaire_note_claustrophobia", "messageParams": {"phone": "(02) 5550 0100"}}'::jsonb),
  (2, '{implants} = ''yes''', '{"message": "message.questionnaire_note_implant"}'::jsonb)
) AS n (position, expression, result)
WHERE q.code = 'mri-safety'
  AND NOT EXISTS (
    SELECT 1 FROM questionnaire_outcome_rules r WHERE r.questionnaire_id = q.id AND r.type = 'PATIENT_NOTE');

INSERT INTO translations (locale, key, value)
SELECT 'en-AU', t.key, t.value
FROM (VALUES
  ('message.questionnaire_note_claustrophobia',
   'You told us enclosed spaces make you anxious. Tell the radiographer when you arrive: they will talk you through the scan, you can listen to music, and a support person may stay with you. If you think you will need a mild sedative, ask your doctor before the day and bring someone to take you home. Questions? Call us on {{phone}}.'),
  ('message.questionnaire_note_implant',
   'Bring your implant card, or the letter about your implant from your surgeon, to the appointment.')
) AS t (key, value)
WHERE EXISTS (SELECT 1 FROM questionnaires WHERE code = 'mri-safety')
ON CONFLICT (locale, key) DO NOTHING;
