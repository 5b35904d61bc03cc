-- A booking key groups the appointments of one booking: several exams booked
-- together share it (spec 4 "Creating bookings"; the confirmation page is
-- /appointments/{bookingKey}), each exam at most once while live.
ALTER TABLE appointments DROP CONSTRAINT appointments_booking_key_key;
CREATE INDEX appointments_booking_key_idx ON appointments (booking_key);
CREATE UNIQUE INDEX appointments_booking_key_exam_idx
  ON appointments (booking_key, exam_id) WHERE status <> 'CANCELED';
