-- The insurance type a SET_INSURANCE_TYPE questionnaire outcome chose (spec 3
-- "Processed outcome response" insuranceTypeId), sent with the booking as an
-- optional insuranceTypeId. Nullable: most bookings have none. No foreign key:
-- the insurance types live with the provider's practice system.
-- Runs unchanged on PGlite and PostgreSQL 15.
ALTER TABLE appointments
  ADD COLUMN insurance_type_id integer CHECK (insurance_type_id > 0);
ALTER TABLE booking_requests
  ADD COLUMN insurance_type_id integer CHECK (insurance_type_id > 0);
