-- Booking keys at rest (docs/security.md "Secrets at rest", issue 11 part 10):
-- every table holds a key only as its SHA-256 in base64url (43 characters,
-- db/secrets.ts keyRef), like session tokens and one-time codes. The server
-- hashes the key a request carries before any query; responses and e-mail
-- links use the request's key, never a value read back. Existing rows are
-- converted in place. Runs unchanged on PGlite and PostgreSQL 15 (sha256() is
-- built in since PostgreSQL 11).

-- keyRef(k) = translate(rtrim(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '='), '+/', '-_')

-- slot_holds references booking_keys without ON UPDATE: move both under one
-- dropped constraint.
ALTER TABLE slot_holds DROP CONSTRAINT IF EXISTS slot_holds_booking_key_fkey;

UPDATE booking_keys SET booking_key = translate(rtrim(encode(sha256(convert_to(booking_key, 'UTF8')), 'base64'), '='), '+/', '-_');
UPDATE slot_holds SET booking_key = translate(rtrim(encode(sha256(convert_to(booking_key, 'UTF8')), 'base64'), '='), '+/', '-_');
UPDATE appointments SET booking_key = translate(rtrim(encode(sha256(convert_to(booking_key, 'UTF8')), 'base64'), '='), '+/', '-_');
UPDATE booking_requests SET booking_key = translate(rtrim(encode(sha256(convert_to(booking_key, 'UTF8')), 'base64'), '='), '+/', '-_');
UPDATE temporary_documents SET booking_key = translate(rtrim(encode(sha256(convert_to(booking_key, 'UTF8')), 'base64'), '='), '+/', '-_');
UPDATE questionnaire_answers SET booking_key = translate(rtrim(encode(sha256(convert_to(booking_key, 'UTF8')), 'base64'), '='), '+/', '-_');
UPDATE sessions SET booking_key = translate(rtrim(encode(sha256(convert_to(booking_key, 'UTF8')), 'base64'), '='), '+/', '-_') WHERE booking_key IS NOT NULL;
UPDATE otp_challenges SET booking_key = translate(rtrim(encode(sha256(convert_to(booking_key, 'UTF8')), 'base64'), '='), '+/', '-_');
UPDATE document_audit SET booking_key = translate(rtrim(encode(sha256(convert_to(booking_key, 'UTF8')), 'base64'), '='), '+/', '-_')
  WHERE booking_key IS NOT NULL AND booking_key <> '';
UPDATE document_upload_usage SET booking_key = translate(rtrim(encode(sha256(convert_to(booking_key, 'UTF8')), 'base64'), '='), '+/', '-_');
UPDATE outbox SET reference = translate(rtrim(encode(sha256(convert_to(reference, 'UTF8')), 'base64'), '='), '+/', '-_') WHERE reference IS NOT NULL;
-- Stored answers of idempotent bookings echo the request's key on a replay.
UPDATE idempotent_requests SET response = jsonb_set(response, '{bookingKey}', '""')
  WHERE response ? 'bookingKey';

ALTER TABLE slot_holds ADD CONSTRAINT slot_holds_booking_key_fkey
  FOREIGN KEY (booking_key) REFERENCES booking_keys (booking_key) ON DELETE CASCADE;

-- What is stored is a hash, never a key: 43 characters of base64url.
ALTER TABLE booking_keys ADD CONSTRAINT booking_keys_hashed
  CHECK (booking_key ~ '^[A-Za-z0-9_-]{43}$');
