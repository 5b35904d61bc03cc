-- Spec 4 "Walk-in": the walk-in exams a patient will walk in for, kept with
-- the appointment of the visit they pair with, so the confirmation page and
-- the e-mail can tell them (name, preparation minutes, minutes before
-- closing). An array of {name, prepTime, minutesPrior}.
ALTER TABLE appointments ADD COLUMN walk_ins jsonb NOT NULL DEFAULT '[]'::jsonb;
