-- A rescheduled appointment keeps the new appointment's booking key sealed
-- under its own key (server/db/secrets.ts sealFor): the old e-mail link then
-- leads to the new appointment, and the database alone opens nothing.
ALTER TABLE appointments ADD COLUMN moved_to_sealed text;
