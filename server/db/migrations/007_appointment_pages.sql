-- Appointment and booking-request pages (issue 6, parts 3 and 4): the deny
-- statuses of spec 4 "Statuses", confirmation, cancellation with a reason,
-- reschedule links, walk-ins and e-mail unsubscription.
-- Runs unchanged on PGlite and PostgreSQL 15.

-- An operator (or the clinic's system) can decline, remove, delete or hold an
-- appointment; the patient's page then shows the matching deny message.
-- The slot of these stays blocked (only CANCELED frees it), as a clinic would
-- expect until someone looks at it.
ALTER TABLE appointments DROP CONSTRAINT IF EXISTS appointments_status_check;
ALTER TABLE appointments ADD CONSTRAINT appointments_status_check
  CHECK (status IN ('PENDING', 'BOOKED', 'CONFIRMED', 'CHECKED_IN', 'COMPLETED', 'NO_SHOW',
    'CANCELED', 'DECLINED_BY_PATIENT', 'REMOVED_BY_OPERATOR', 'DELETED', 'ON_HOLD'));

ALTER TABLE appointments
  -- A walk-in visit (spec 4 "Reschedule: blocked for walk-ins when not allowed").
  ADD COLUMN walk_in                boolean NOT NULL DEFAULT false,
  ADD COLUMN confirmed_at           timestamptz,
  ADD COLUMN canceled_at            timestamptz,
  -- Spec 3 "Cancel result": the reason's label and the patient's note.
  ADD COLUMN cancel_reason          text,
  ADD COLUMN cancel_note            text,
  -- Rescheduled or changed: the slug of the appointment that replaced this one.
  ADD COLUMN replaced_by            text,
  ADD COLUMN emails_unsubscribed_at timestamptz;

ALTER TABLE booking_requests
  ADD COLUMN canceled_at            timestamptz,
  ADD COLUMN emails_unsubscribed_at timestamptz;
