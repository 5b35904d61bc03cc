/** The environment of issue 16's server parts (docs/api.md lists the variables). */
export interface CheckInServerConfig {
  /** DOCTOR_SEARCH_URL: the provider's referrer search, asked as `${url}/${term}` instead of the directory. */
  doctorSearchUrl?: string | undefined;
  reminders?: ReminderConfig;
}

export interface ReminderConfig {
  /** REMINDER_LEAD_HOURS: a reminder leaves this long before the appointment (default 24). */
  leadHours: number;
  /** REMINDER_INTERVAL_SECONDS: how often the job looks for due reminders (default 300). */
  intervalSeconds: number;
  /**
   * REMINDER_SECRET: seals the booking keys of reminders not yet sent. Without
   * it the server makes one and keeps it in the database (server_secrets).
   */
  secret?: string | undefined;
}

export const DEFAULT_REMINDERS: ReminderConfig = { leadHours: 24, intervalSeconds: 300 };

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0)
    throw new Error(`${name} must be a positive number, got ${value}`);
  return n;
}

/** The shortest REMINDER_SECRET production accepts (AES-256-GCM key material, as text). */
export const REMINDER_SECRET_MIN_LENGTH = 32;

export function loadCheckInConfig(env: NodeJS.ProcessEnv): CheckInServerConfig {
  // In production the secret lives outside the database: a copy of the database then opens
  // no booking key of a reminder not yet sent (docs/decisions.md "Reminder links").
  if (
    env.NODE_ENV === 'production' &&
    (env.REMINDER_SECRET ?? '').length < REMINDER_SECRET_MIN_LENGTH
  )
    throw new Error(
      `REMINDER_SECRET must be set (at least ${REMINDER_SECRET_MIN_LENGTH} characters) when NODE_ENV=production`,
    );
  return {
    doctorSearchUrl: env.DOCTOR_SEARCH_URL || undefined,
    reminders: {
      leadHours: positive(
        'REMINDER_LEAD_HOURS',
        env.REMINDER_LEAD_HOURS,
        DEFAULT_REMINDERS.leadHours,
      ),
      intervalSeconds: positive(
        'REMINDER_INTERVAL_SECONDS',
        env.REMINDER_INTERVAL_SECONDS,
        DEFAULT_REMINDERS.intervalSeconds,
      ),
      secret: env.REMINDER_SECRET || undefined,
    },
  };
}
