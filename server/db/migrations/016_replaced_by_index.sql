-- The appointment page reads which appointment a reschedule replaced
-- (replaced_by = this slug) for every appointment it shows: an index keeps
-- that a lookup instead of a scan of all appointments.
CREATE INDEX appointments_replaced_by ON appointments (replaced_by) WHERE replaced_by IS NOT NULL;
