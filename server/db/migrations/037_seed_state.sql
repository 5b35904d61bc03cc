-- Which version of the seed's top-ups (seed.ts) a database has had: a restart
-- whose top-ups are current skips them (issue 15 part 5, the warm restart).
CREATE TABLE seed_state (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  topups   text NOT NULL
);
