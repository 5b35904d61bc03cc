-- Issue 15 part 2: a booking in one statement. On PGlite every statement is a parse, a plan and
-- a run on the thread that serves every patient; a PL/pgSQL function keeps its plans, so the
-- claim of the key, the device's lock, its holds, the appointment and its confirmation are one
-- call (booking.service.ts). The exclusion constraint appointments_no_double_booking still has
-- the last word; the functions below are the only copies of these steps (the JavaScript calls
-- them too).

-- Claims an issued key (booking.repo.ts claimBookingKey): 'claimed', 'used' or 'unknown'.
-- Appointments may share a key while it was first used less than p_group_seconds ago.
CREATE FUNCTION claim_booking_key(p_key text, p_used_for text, p_group_seconds integer)
RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  UPDATE booking_keys SET used_at = coalesce(used_at, now()), used_for = p_used_for
  WHERE booking_key = p_key AND (used_at IS NULL OR (p_used_for = 'appointment'
    AND used_for = p_used_for AND used_at > now() - make_interval(secs => p_group_seconds)));
  IF FOUND THEN
    RETURN 'claimed';
  END IF;
  PERFORM 1 FROM booking_keys WHERE booking_key = p_key;
  RETURN CASE WHEN FOUND THEN 'used' ELSE 'unknown' END;
END;
$$;

-- The unsent, never tried confirmation that gathers a booking's visits, locked until the
-- transaction ends (booking.repo.ts lockGatheringMessage).
-- PL/pgSQL, not SQL: PL/pgSQL keeps a statement's plan for the session, where a LANGUAGE sql
-- function that is not inlined plans it again at every call.
CREATE FUNCTION lock_gathering_message(p_reference text, p_topic text, p_recipient text)
RETURNS TABLE (id integer, visits jsonb) LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY SELECT o.id::int, o.visits FROM outbox o
    WHERE o.reference = p_reference AND o.topic = p_topic AND o.recipient = p_recipient
      AND o.sent_at IS NULL AND o.attempts = 0 AND o.visits IS NOT NULL
    ORDER BY o.id DESC LIMIT 1 FOR UPDATE;
END;
$$;

-- The availability triggers (020_availability_versions.sql) call this for every booked or held
-- row: as PL/pgSQL for the same reason (measured on PostgreSQL: 0.6 ms a call planned afresh).
CREATE OR REPLACE FUNCTION bump_availability(p_clinic integer, p_device integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO availability_versions (clinic_id, device_id) VALUES (p_clinic, p_device)
  ON CONFLICT (clinic_id, device_id) DO UPDATE SET version = nextval('availability_version_seq');
END;
$$;

-- Stores the answer of a call with an Idempotency-Key (http/idempotency.ts) in the caller's
-- transaction, and drops answers older than keepSeconds:
-- {browserHash, idempotencyKey, route, requestHash, status, response, keepSeconds}.
CREATE FUNCTION store_idempotent_answer(p_answer jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM idempotent_requests
  WHERE created_at <= now() - make_interval(secs => (p_answer->>'keepSeconds')::int);
  INSERT INTO idempotent_requests
    (browser_hash, idempotency_key, route, request_hash, status, response)
  VALUES (p_answer->>'browserHash', p_answer->>'idempotencyKey', p_answer->>'route',
    p_answer->>'requestHash', (p_answer->>'status')::int, p_answer->'response');
END;
$$;

-- Books p_device for [p_starts, p_ends) and answers the appointment's id.
--  p_claim: claim p_key first (a reschedule claimed it before replacing the old appointment).
--  p_lock: take the device's advisory lock (PostgreSQL; PGlite has one connection).
--  p_appointment: the appointments row's other columns, as JSON (jsonb_populate_record).
--  p_mail: null, or the booking's confirmation {channel, recipient, subject, body, topic, visits,
--    delaySeconds} when no other confirmation of the key is gathering.
--  p_remember: null, or the call's answer for store_idempotent_answer.
-- Errors: BK001 the key was used, BK002 it was never issued, BK003 another key holds the time,
-- BK004 a confirmation of this key is gathering (the caller books again the long way, which
-- adds this visit to it); 23P01 the time is booked; 23505 this exam is booked with the key.
CREATE FUNCTION book_appointment(p_key text, p_claim boolean, p_group_seconds integer,
  p_lock boolean, p_device integer, p_starts timestamptz, p_ends timestamptz, p_now timestamptz,
  p_appointment jsonb, p_mail jsonb, p_remember jsonb)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_during tstzrange := tstzrange(p_starts, p_ends, '[)');
  v_claim text;
  v_id integer;
BEGIN
  IF p_claim THEN
    v_claim := claim_booking_key(p_key, 'appointment', p_group_seconds);
    IF v_claim = 'used' THEN
      RAISE EXCEPTION 'booking key used' USING ERRCODE = 'BK001';
    ELSIF v_claim = 'unknown' THEN
      RAISE EXCEPTION 'booking key not issued' USING ERRCODE = 'BK002';
    END IF;
  END IF;
  -- The device's bookings queue here (booking.repo.ts lockDevice: the same namespace, 727190).
  -- PGlite runs one statement or transaction at a time: there is nothing to queue (p_lock false).
  IF p_lock THEN
    PERFORM pg_advisory_xact_lock(727190, p_device);
  END IF;
  -- Holds of this time: expired ones and the key's own go, another key's live one refuses.
  -- (A hold's own request drops the device's other expired holds: holds.repo.ts.)
  PERFORM 1 FROM slot_holds WHERE device_id = p_device AND during && v_during;
  IF FOUND THEN
    DELETE FROM slot_holds WHERE device_id = p_device AND during && v_during
      AND (expires_at <= p_now OR booking_key = p_key);
    PERFORM 1 FROM slot_holds WHERE device_id = p_device AND during && v_during;
    IF FOUND THEN
      RAISE EXCEPTION 'another key holds the time' USING ERRCODE = 'BK003';
    END IF;
  END IF;
  INSERT INTO appointments (booking_key, device_id, during, exam_id, status, patient_first_name,
    patient_last_name, patient_email, patient_phone, patient_date_of_birth, slug, patient_sex,
    patient_postal_code, patient_medicare_number, patient_validation_code, insurance_type_id,
    walk_ins, patient_notes, locale, reminder_key)
  SELECT p_key, p_device, v_during, a.exam_id, a.status, a.patient_first_name,
    a.patient_last_name, a.patient_email, a.patient_phone, a.patient_date_of_birth, a.slug,
    a.patient_sex, a.patient_postal_code, a.patient_medicare_number, a.patient_validation_code,
    a.insurance_type_id, a.walk_ins, a.patient_notes, a.locale, a.reminder_key
  FROM jsonb_populate_record(NULL::appointments, p_appointment) a
  RETURNING id INTO v_id;
  IF p_mail IS NOT NULL THEN
    IF EXISTS (SELECT 1 FROM lock_gathering_message(p_key, p_mail->>'topic', p_mail->>'recipient'))
    THEN
      RAISE EXCEPTION 'a confirmation of this key is gathering' USING ERRCODE = 'BK004';
    END IF;
    INSERT INTO outbox (channel, recipient, subject, body, reference, topic, visits, next_attempt_at)
    VALUES (p_mail->>'channel', p_mail->>'recipient', p_mail->>'subject', p_mail->>'body', p_key,
      p_mail->>'topic', p_mail->'visits',
      clock_timestamp() + make_interval(secs => (p_mail->>'delaySeconds')::int));
  END IF;
  IF p_remember IS NOT NULL THEN
    PERFORM store_idempotent_answer(p_remember);
  END IF;
  RETURN v_id;
END;
$$;
