/**
 * auth_budgets (migration 011), otp_challenges and captcha_challenges (migration 006). All
 * times are the database's now(), the clock sessions use too.
 */
import type { KeyRef } from './secrets.js';
import type { Queryable } from './db.js';

/** The holder of a booking key: what date-of-birth authentication compares and where codes go. */
export interface BookingHolder {
  kind: 'appointment' | 'booking_request';
  dateOfBirth: string | null;
  email: string | null;
  phone: string | null;
  /** The patient's language when booking (migration 019); null before it. */
  locale: string | null;
}

/** Appointments first (several may share the key), then booking requests. */
export async function findBookingHolder(
  q: Queryable,
  bookingKey: KeyRef,
): Promise<BookingHolder | undefined> {
  const { rows } = await q.query<{
    kind: BookingHolder['kind'];
    date_of_birth: string | null;
    email: string | null;
    phone: string | null;
    locale: string | null;
  }>(
    `(SELECT 'appointment' AS kind, patient_date_of_birth AS date_of_birth,
        patient_email AS email, patient_phone AS phone, locale
      FROM appointments WHERE booking_key = $1 ORDER BY lower(during), id LIMIT 1)
     UNION ALL
     (SELECT 'booking_request', patient_date_of_birth, patient_email, patient_phone, locale
      FROM booking_requests WHERE booking_key = $1 LIMIT 1)`,
    [bookingKey],
  );
  const row = rows[0];
  return (
    row && {
      kind: row.kind,
      dateOfBirth: row.date_of_birth,
      email: row.email,
      phone: row.phone,
      locale: row.locale,
    }
  );
}

/** A budget's answer: whether this try may be evaluated, and how long to wait when not. */
export interface BudgetTry {
  allowed: boolean;
  /** Tries counted in the window, this one included (when allowed). */
  tries: number;
  /** Seconds until the next try is allowed (0 when allowed). */
  retryInSeconds: number;
}

/**
 * Counts one try in `scope` and decides it in the same statement: concurrent
 * tries queue on the row, so a burst of any size is allowed at most `max`
 * times per window. From the `free`-th try on, the next one waits an
 * escalating delay (1, 2, 4 … seconds, at most `maxDelaySeconds`); a try
 * made before that time is refused and not counted. `max` of 0 means no cap.
 */
export async function spendBudget(
  q: Queryable,
  scope: string,
  limits: { max: number; windowSeconds: number; free?: number; maxDelaySeconds?: number },
): Promise<BudgetTry> {
  const free = limits.free ?? limits.max;
  const { rows } = await q.query<{ tries: number }>(
    `INSERT INTO auth_budgets AS b (scope, tries, window_start, next_allowed_at)
     VALUES ($1, 1, now(), now())
     ON CONFLICT (scope) DO UPDATE SET
       tries = CASE WHEN b.window_start <= now() - make_interval(secs => $2::int) THEN 1
                    ELSE b.tries + 1 END,
       window_start = CASE WHEN b.window_start <= now() - make_interval(secs => $2::int)
                           THEN now() ELSE b.window_start END,
       next_allowed_at = CASE
         WHEN b.window_start <= now() - make_interval(secs => $2::int) OR b.tries + 1 < $4::int
           THEN now()
         ELSE now() + make_interval(secs => least($5::int, power(2, b.tries + 1 - $4::int))::int)
       END
     WHERE (b.window_start <= now() - make_interval(secs => $2::int))
        OR ((b.tries < $3::int OR $3::int = 0) AND b.next_allowed_at <= now())
     RETURNING tries`,
    [scope, limits.windowSeconds, limits.max, free, limits.maxDelaySeconds ?? 0],
  );
  const tries = rows[0]?.tries;
  if (tries !== undefined) return { allowed: true, tries, retryInSeconds: 0 };
  const { rows: state } = await q.query<{ retry_in: number; tries: number }>(
    `SELECT tries, greatest(1, ceil(extract(epoch FROM greatest(next_allowed_at - now(),
       CASE WHEN tries >= $3::int AND $3::int > 0
         THEN window_start + make_interval(secs => $2::int) - now() ELSE interval '0' END))))::int
       AS retry_in
     FROM auth_budgets WHERE scope = $1`,
    [scope, limits.windowSeconds, limits.max],
  );
  return { allowed: false, tries: state[0]?.tries ?? 0, retryInSeconds: state[0]?.retry_in ?? 1 };
}

/** Forgets a budget (a proven date of birth starts the client's count again). */
export async function resetBudget(q: Queryable, scope: string): Promise<void> {
  await q.query('DELETE FROM auth_budgets WHERE scope = $1', [scope]);
}

/** Budgets whose window ended more than `windowSeconds` ago. */
export async function deleteOldBudgets(q: Queryable, windowSeconds: number): Promise<void> {
  await q.query(
    'DELETE FROM auth_budgets WHERE window_start <= now() - make_interval(secs => $1::int)',
    [windowSeconds],
  );
}

export interface OtpChallenge {
  bookingKey: KeyRef;
  channel: 'email' | 'sms';
  codeHash: string;
  attempts: number;
  used: boolean;
  codeExpired: boolean;
  /** Seconds until a new code may be sent (0 = now). */
  resendInSeconds: number;
}

export async function upsertOtpChallenge(
  q: Queryable,
  challenge: {
    tokenHash: string;
    bookingKey: KeyRef;
    channel: 'email' | 'sms';
    codeHash: string;
    codeSeconds: number;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO otp_challenges (token_hash, booking_key, channel, code_hash, code_expires_at, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5::int), now() + make_interval(secs => $5::int))
     ON CONFLICT (token_hash) DO UPDATE SET
       booking_key = excluded.booking_key, channel = excluded.channel, code_hash = excluded.code_hash,
       code_sent_at = now(), code_expires_at = excluded.code_expires_at, attempts = 0,
       used_at = NULL, expires_at = excluded.expires_at`,
    [
      challenge.tokenHash,
      challenge.bookingKey,
      challenge.channel,
      challenge.codeHash,
      challenge.codeSeconds,
    ],
  );
}

export async function readOtpChallenge(
  q: Queryable,
  tokenHash: string,
  resendSeconds: number,
): Promise<OtpChallenge | undefined> {
  const { rows } = await q.query<{
    booking_key: KeyRef;
    channel: 'email' | 'sms';
    code_hash: string;
    attempts: number;
    used: boolean;
    code_expired: boolean;
    resend_in: number;
  }>(
    `SELECT booking_key, channel, code_hash, attempts, used_at IS NOT NULL AS used,
       code_expires_at <= now() AS code_expired,
       greatest(0, ceil(extract(epoch FROM code_sent_at + make_interval(secs => $2::int) - now())))::int
         AS resend_in
     FROM otp_challenges WHERE token_hash = $1`,
    [tokenHash, resendSeconds],
  );
  const row = rows[0];
  return (
    row && {
      bookingKey: row.booking_key,
      channel: row.channel,
      codeHash: row.code_hash,
      attempts: row.attempts,
      used: row.used,
      codeExpired: row.code_expired,
      resendInSeconds: row.resend_in,
    }
  );
}

/**
 * Counts one try at the code, atomically: returns the tries made so far
 * (this one included), or undefined when the code is spent, used or expired.
 */
export async function countOtpTry(
  q: Queryable,
  tokenHash: string,
  maxTries: number,
): Promise<number | undefined> {
  const { rows } = await q.query<{ attempts: number }>(
    `UPDATE otp_challenges SET attempts = attempts + 1
     WHERE token_hash = $1 AND used_at IS NULL AND code_expires_at > now() AND attempts < $2
     RETURNING attempts`,
    [tokenHash, maxTries],
  );
  return rows[0]?.attempts;
}

/** Marks the code used; false when another request used it first. */
export async function useOtpChallenge(q: Queryable, tokenHash: string): Promise<boolean> {
  const { rows } = await q.query(
    `UPDATE otp_challenges SET used_at = now()
     WHERE token_hash = $1 AND used_at IS NULL AND code_expires_at > now() RETURNING 1`,
    [tokenHash],
  );
  return rows.length === 1;
}

export async function deleteExpiredOtpChallenges(q: Queryable): Promise<void> {
  await q.query('DELETE FROM otp_challenges WHERE expires_at <= now()');
}

export async function insertCaptchaChallenge(
  q: Queryable,
  challenge: { challenge: string; salt: string; seconds: number },
): Promise<void> {
  await q.query('DELETE FROM captcha_challenges WHERE expires_at <= now()');
  await q.query(
    `INSERT INTO captcha_challenges (challenge, salt, expires_at)
     VALUES ($1, $2, now() + make_interval(secs => $3::int))`,
    [challenge.challenge, challenge.salt, challenge.seconds],
  );
}

/** Marks a live challenge answered; false when unknown, expired or already used. */
export async function useCaptchaChallenge(
  q: Queryable,
  challenge: { challenge: string; salt: string; solvedBy: string },
): Promise<boolean> {
  const { rows } = await q.query(
    `UPDATE captcha_challenges SET used_at = now(), solved_by = $3
     WHERE challenge = $1 AND salt = $2 AND used_at IS NULL AND expires_at > now() RETURNING 1`,
    [challenge.challenge, challenge.salt, challenge.solvedBy],
  );
  return rows.length === 1;
}

/** Whether this browser solved a challenge within the last `seconds`. */
export async function hasSolvedCaptcha(
  q: Queryable,
  solvedBy: string,
  seconds: number,
): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT 1 FROM captcha_challenges
     WHERE solved_by = $1 AND used_at > now() - make_interval(secs => $2::int) LIMIT 1`,
    [solvedBy, seconds],
  );
  return rows.length === 1;
}
