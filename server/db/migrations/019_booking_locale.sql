-- The patient's language when they booked (issue 13 part 8): the e-mails of
-- the booking (confirmation, reschedule, cancellation, pending notice) are
-- written in it. NULL for bookings made before: they stay in English (en-AU).
ALTER TABLE appointments ADD COLUMN locale text;
ALTER TABLE booking_requests ADD COLUMN locale text;
