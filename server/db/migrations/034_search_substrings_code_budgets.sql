-- Issue 16: the referrer search matches any part of a word ("mith" finds
-- Smith, "9581" a provider number), not only word starts. Every suffix of
-- every word of a doctor's search text is a row of doctor_search_terms, so
-- "contains abc" is "some suffix starts with abc": the same btree prefix scan
-- on the text_pattern_ops index of migration 032, on PGlite and PostgreSQL,
-- with no extension (pg_trgm is in PGlite's contrib but is neither loaded
-- here nor always installed on PostgreSQL). The provider number joins the
-- search text. New directories are written this way by server/db/doctors.repo.ts.

UPDATE doctors SET search = search || ' ' || lower(provider_number)
WHERE position(lower(provider_number) IN search) = 0;

-- Words, and the same words without punctuation ("o'brien", "obrien").
WITH words AS (
  SELECT d.id, w.word
  FROM doctors d CROSS JOIN LATERAL regexp_split_to_table(d.search, '\s+') AS w(word)
  UNION
  SELECT d.id, regexp_replace(w.word, '[^[:alnum:]]', '', 'g')
  FROM doctors d CROSS JOIN LATERAL regexp_split_to_table(d.search, '\s+') AS w(word)
)
INSERT INTO doctor_search_terms (word, doctor_id)
SELECT DISTINCT substr(words.word, i), words.id
FROM words CROSS JOIN LATERAL generate_series(1, length(words.word)) AS s(i)
WHERE words.word <> ''
ON CONFLICT DO NOTHING;

-- Issue 16: the kiosk's code budget per identity asked (last name and date of
-- birth, normalised and hashed), the same for a match and a decoy, so that
-- running out of codes does not tell whether a person exists.
ALTER TABLE check_in_handles ADD COLUMN IF NOT EXISTS identity_ref text;
