-- Issue 15 part 2: one version of the catalogue (what every booking reads and hardly anything
-- writes: exams, clinics, devices, opening hours, questionnaires, translations, …), bumped by a
-- statement-level trigger in the writer's own transaction. The API keeps the catalogue's reads
-- between requests and serves them only while this version is the one it read them under
-- (catalogue-cache.ts); the list of tables there and here is checked by a test.
CREATE TABLE catalogue_version (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  version  bigint NOT NULL
);
INSERT INTO catalogue_version (version) VALUES (1);

CREATE FUNCTION bump_catalogue_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_version SET version = version + 1;
  RETURN NULL;
END;
$$;

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['provider_settings', 'translations', 'regions', 'clinics', 'modalities',
    'body_parts', 'exams', 'clinic_exams', 'devices', 'opening_hours', 'walk_in_exams',
    'mobile_locations', 'questionnaires', 'questionnaire_outcome_rules'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version()', t || '_catalogue_version', t);
  END LOOP;
END;
$$;
