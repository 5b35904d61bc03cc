-- A PGlite database started from the build's template (server/db/pglite-template.ts,
-- issue 15) holds one row here until its first start has dated the seed's
-- date-relative rows (the demonstration mobile visits) as a fresh seed on that
-- day would (seed.ts). Empty everywhere else, PostgreSQL included.
CREATE TABLE seed_template_pending (
  built_at timestamptz NOT NULL DEFAULT now()
);
