-- Patient authentication (issue 6): date-of-birth failures per booking key,
-- one-time codes (only their hash), CAPTCHA challenges, and the outbox
-- sender's retry schedule. Everything lives in the database so several API
-- processes agree. Runs unchanged on PGlite and PostgreSQL 15.

-- One row per failed date-of-birth attempt; the limit counts recent rows.
CREATE TABLE auth_failures (
  id          bigserial PRIMARY KEY,
  booking_key text NOT NULL,
  failed_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_failures_key_idx ON auth_failures (booking_key, failed_at);

-- A browser that proved the date of birth of an appointment's booking key and
-- now has to prove the one-time code. The browser holds a random token (its
-- own cookie); the row holds the token's SHA-256 and the code's HMAC.
CREATE TABLE otp_challenges (
  token_hash      text PRIMARY KEY,
  booking_key     text NOT NULL,
  channel         text NOT NULL CHECK (channel IN ('email', 'sms')),
  code_hash       text NOT NULL,
  code_sent_at    timestamptz NOT NULL DEFAULT now(),
  code_expires_at timestamptz NOT NULL,
  attempts        integer NOT NULL DEFAULT 0,
  used_at         timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  expires_at      timestamptz NOT NULL
);
CREATE INDEX otp_challenges_expiry_idx ON otp_challenges (expires_at);

-- Proof-of-work CAPTCHA challenges: each is answered once, before it expires.
CREATE TABLE captcha_challenges (
  challenge  text PRIMARY KEY,
  salt       text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  -- SHA-256 of the authentication cookie token of the browser that solved it.
  solved_by  text
);

-- The sender claims a row by moving next_attempt_at forward (no row lock held
-- while a mail is on its way); failures back off.
ALTER TABLE outbox ADD COLUMN next_attempt_at timestamptz;
