-- Issue 15: a version per clinic (device_id 0: opening hours, exams offered, devices, the
-- clinic itself) and per device (its appointments and holds), bumped by triggers in the
-- writer's own transaction. The API caches free time per clinic and serves it only while
-- the versions it was computed from are still the current ones (availability-cache.ts).
-- Values come from one sequence, so a version never repeats.
CREATE SEQUENCE availability_version_seq;

CREATE TABLE availability_versions (
  clinic_id integer NOT NULL REFERENCES clinics (id) ON DELETE CASCADE,
  device_id integer NOT NULL,
  version   bigint NOT NULL DEFAULT nextval('availability_version_seq'),
  PRIMARY KEY (clinic_id, device_id)
);

INSERT INTO availability_versions (clinic_id, device_id) SELECT id, 0 FROM clinics;
INSERT INTO availability_versions (clinic_id, device_id) SELECT clinic_id, id FROM devices;

CREATE FUNCTION bump_availability(p_clinic integer, p_device integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO availability_versions (clinic_id, device_id) VALUES (p_clinic, p_device)
  ON CONFLICT (clinic_id, device_id)
  DO UPDATE SET version = nextval('availability_version_seq');
$$;

-- A device's time: appointments and holds.
CREATE FUNCTION bump_device_availability() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM bump_availability(d.clinic_id, d.id) FROM devices d WHERE d.id = OLD.device_id;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.device_id IS DISTINCT FROM OLD.device_id) THEN
    PERFORM bump_availability(d.clinic_id, d.id) FROM devices d WHERE d.id = NEW.device_id;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER appointments_availability
AFTER INSERT OR DELETE OR UPDATE OF device_id, during, status ON appointments
FOR EACH ROW EXECUTE FUNCTION bump_device_availability();

CREATE TRIGGER slot_holds_availability
AFTER INSERT OR DELETE OR UPDATE OF device_id, during, expires_at, booking_key ON slot_holds
FOR EACH ROW EXECUTE FUNCTION bump_device_availability();

-- A clinic's calendar: opening hours, exams offered, devices, its own row (name, time zone).
CREATE FUNCTION bump_clinic_availability() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM bump_availability(OLD.clinic_id, 0) FROM clinics c WHERE c.id = OLD.clinic_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM bump_availability(NEW.clinic_id, 0) FROM clinics c WHERE c.id = NEW.clinic_id;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER opening_hours_availability
AFTER INSERT OR DELETE OR UPDATE ON opening_hours
FOR EACH ROW EXECUTE FUNCTION bump_clinic_availability();

CREATE TRIGGER clinic_exams_availability
AFTER INSERT OR DELETE OR UPDATE ON clinic_exams
FOR EACH ROW EXECUTE FUNCTION bump_clinic_availability();

CREATE TRIGGER devices_availability
AFTER INSERT OR DELETE OR UPDATE ON devices
FOR EACH ROW EXECUTE FUNCTION bump_clinic_availability();

CREATE FUNCTION bump_clinic_row_availability() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_availability(NEW.id, 0);
  RETURN NULL;
END;
$$;

CREATE TRIGGER clinics_availability
AFTER INSERT OR UPDATE ON clinics
FOR EACH ROW EXECUTE FUNCTION bump_clinic_row_availability();
