-- Issue 13: one confirmation e-mail per booking. Exams booked together reach
-- the API as one call each; the first queues the booking's confirmation a
-- few seconds ahead (next_attempt_at), and each further call on the key
-- rewrites that unsent message with every visit. `topic` names what the
-- message confirms; `visits` holds what it lists, emptied with the body.
ALTER TABLE outbox ADD COLUMN topic text;
ALTER TABLE outbox ADD COLUMN visits jsonb;
CREATE INDEX outbox_open_topic_idx ON outbox (reference, topic) WHERE sent_at IS NULL;
