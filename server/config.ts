import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadCheckInConfig, type CheckInServerConfig } from './config-check-in.js';

/** Runtime settings of the API process (environment), not the provider's settings (database). */
export interface ServerConfig extends CheckInServerConfig {
  host: string;
  port: number;
  /** PGlite files and uploads. */
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /**
   * Clinic origins allowed to embed the portal (ALLOWED_ORIGINS, and the older
   * name FRAME_ANCESTORS): they may frame it (CSP frame-ancestors), load the
   * element scripts and call the API from their pages (CORS, with
   * credentials), and send state-changing requests (http/origin-check.ts).
   */
  allowedOrigins: string[];
  smtpUrl: string | undefined;
  /** The From header of e-mails sent by SMTP (MAIL_FROM). */
  mailFrom: string;
  /** A gateway that takes {to, text} as JSON for SMS (SMS_WEBHOOK_URL); else SMS go to the log. */
  smsWebhookUrl: string | undefined;
  /** Registers POST /api/dev/login. Never in production. */
  devLogin: boolean;
  /** Built front end; served at / when the directory exists. */
  distDir: string;
  /** SPA host page, relative to distDir, answered for HTML requests without a file. */
  spaIndex: string;
  rateLimit: { max: number; windowSeconds: number };
  /**
   * Messages to the clinic (call-centre e-mail, callback request) per client address;
   * absent means CALL_CENTRE_RATE_LIMIT (routes/appointments.ts).
   */
  callCentreRateLimit?: { max: number; windowSeconds: number };
  /** Kiosk identity checks per address and per kiosk device; default in routes/check-in-kiosk.ts. */
  checkInRateLimit?: { max: number; windowSeconds: number };
  /** The RIS (RIS_WEBHOOK_URL; else the built-in receiver acks after RIS_ACK_DELAY_MS). */
  ris?: { webhookUrl: string | undefined; ackDelayMs: number };
  booking: {
    /** Slots start at least this many minutes from now. */
    leadMinutes: number;
    /** Stricter limit on creating appointments and booking requests, per client address. */
    createRateLimit: { max: number; windowSeconds: number };
    /**
     * Refuse (409 message.questionnaire_required) bookings of exams whose safety
     * screening the booking key has not answered. Absent means true;
     * REQUIRE_SAFETY_ANSWERS=0 turns it off.
     */
    requireSafetyAnswers?: boolean;
    /** Slot holds: absent means DEFAULT_HOLD_LIMITS (services/slot-holds.service.ts). */
    holds?: HoldLimits;
  };
  /** TRUST_PROXY: true, a hop count, or addresses/CIDRs of the proxies. */
  trustProxy: boolean | number | string[];
  sessionTtlSeconds: number;
  /** A session ends this long after login whatever its activity (docs/security.md: 12 hours). */
  sessionAbsoluteSeconds: number;
  logLevel: string;
  /** Uploaded documents (docs/security.md §5): what anonymous booking keys may store. */
  uploads: UploadLimits;
  /** Deployment facts reported in the app config section. */
  runtime: { version: string; versionHash: string; environmentProfiles: string[] };
}

/**
 * Limits on uploads. Temporary documents of booking keys that have not booked
 * (the referral upload before booking; anyone may get a key) count against a
 * budget per client address and live `unbookedTtlHours`; documents of keys
 * that booked are not counted and kept. Uploads of any kind are refused while
 * the documents directory has less than `minFreeBytes` free, so the database
 * (in the same DATA_DIR) keeps room.
 */
export interface UploadLimits {
  /** UPLOAD_QUOTA_BYTES: bytes one address may upload to keys not yet booked within unbookedTtlHours. */
  quotaBytes: number;
  /** UPLOAD_QUOTA_FILES: files one address may upload to keys not yet booked within unbookedTtlHours. */
  quotaFiles: number;
  /** UPLOAD_UNBOOKED_HOURS: life of a temporary document of a key that has not booked; the quota's window. */
  unbookedTtlHours: number;
  /** UPLOAD_MIN_FREE_BYTES: free space below which uploads are refused (0: no floor). */
  minFreeBytes: number;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  // Ten phone photos of a referral are 20–50 MB; a kiosk's patients share one address, and
  // their uploads stop counting once they book.
  quotaBytes: 50 * 1024 * 1024,
  quotaFiles: 30,
  unbookedTtlHours: 24,
  minFreeBytes: 1024 * 1024 * 1024,
};

/**
 * Slot holds (docs/security.md "One script empties a clinic's calendar"): a
 * person booking several exams holds a handful of slots for a few minutes.
 */
export interface HoldLimits {
  /** Slots one booking key may hold at once (one per exam of a visit). */
  perKey: number;
  /** HOLDS_PER_ADDRESS: live holds of one client address across all its keys. */
  perAddress: number;
  /** HOLD_MAX_MINUTES: renewals never hold a key's slots longer than this after its first hold. */
  maxMinutes: number;
}

export const DEFAULT_HOLD_LIMITS: HoldLimits = { perKey: 5, perAddress: 8, maxMinutes: 30 };

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** The commit the server bundle was built from (scripts/build-server.ts); not defined under tsx. */
declare const __BUILD_VERSION_HASH__: string | undefined;

function gitHash(): string {
  // A git process costs some 45 ms of every start (issue 15): the bundle knows its commit.
  if (typeof __BUILD_VERSION_HASH__ === 'string') return __BUILD_VERSION_HASH__;
  try {
    const out = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 2000,
    });
    return out.toString().trim() || 'dev';
  } catch {
    return 'dev';
  }
}

const ORIGIN = /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;

/** Splits ALLOWED_ORIGINS (spaces or commas) and rejects anything that is not an origin. */
export function parseOrigins(value: string | undefined, name = 'ALLOWED_ORIGINS'): string[] {
  const origins = (value ?? '').split(/[\s,]+/).filter(Boolean);
  for (const origin of origins) {
    if (!ORIGIN.test(origin)) throw new Error(`${name}: not an origin: ${origin}`);
  }
  return origins.map((origin) => origin.toLowerCase());
}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (!value || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(/[\s,]+/).filter(Boolean);
}

function parsePositiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new Error(`${name} must be a positive integer, got ${value}`);
  return n;
}

function parseNonNegativeInt(name: string, value: string | undefined, fallback: number): number {
  return value === '0' ? 0 : parsePositiveInt(name, value, fallback);
}

/** Defaults for tests and embedding; every field can be overridden. */
export function defaultServerConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    host: '127.0.0.1',
    port: 8080,
    dataDir: './.data',
    databaseUrl: undefined,
    publicUrl: 'http://127.0.0.1:8080',
    allowedOrigins: [],
    smtpUrl: undefined,
    mailFrom: 'Imaging portal <no-reply@localhost>',
    smsWebhookUrl: undefined,
    devLogin: false,
    distDir: `${ROOT}dist`,
    spaIndex: 'demo/portal/index.html',
    rateLimit: { max: 600, windowSeconds: 60 },
    booking: {
      leadMinutes: 60,
      createRateLimit: { max: 20, windowSeconds: 60 },
      requireSafetyAnswers: true,
      holds: DEFAULT_HOLD_LIMITS,
    },
    trustProxy: false,
    sessionTtlSeconds: 15 * 60,
    sessionAbsoluteSeconds: 12 * 60 * 60,
    logLevel: 'info',
    uploads: DEFAULT_UPLOAD_LIMITS,
    runtime: { version: packageVersion(), versionHash: 'dev', environmentProfiles: ['dev'] },
    ...overrides,
  };
}

/** Reads the environment (docs/api.md lists the variables). */
export function loadServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const host = env.HOST || '127.0.0.1';
  const port = parsePositiveInt('PORT', env.PORT, 8080);
  const devLogin = env.DEV_LOGIN === '1' || env.DEV_LOGIN === 'true';
  if (devLogin && production) throw new Error('DEV_LOGIN must not be set when NODE_ENV=production');
  return defaultServerConfig({
    host,
    port,
    dataDir: env.DATA_DIR || './.data',
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: (
      env.PUBLIC_URL || `http://${host.includes(':') ? `[${host}]` : host}:${port}`
    ).replace(/\/$/, ''),
    allowedOrigins: [
      ...new Set([
        ...parseOrigins(env.ALLOWED_ORIGINS),
        ...parseOrigins(env.FRAME_ANCESTORS, 'FRAME_ANCESTORS'),
      ]),
    ],
    smtpUrl: env.SMTP_URL || undefined,
    ...(env.MAIL_FROM ? { mailFrom: env.MAIL_FROM } : {}),
    smsWebhookUrl: env.SMS_WEBHOOK_URL || undefined,
    ris: {
      webhookUrl: env.RIS_WEBHOOK_URL || undefined,
      ackDelayMs: parseNonNegativeInt('RIS_ACK_DELAY_MS', env.RIS_ACK_DELAY_MS, 1500),
    },
    devLogin,
    distDir: env.DIST_DIR || `${ROOT}dist`,
    spaIndex: env.SPA_INDEX || 'demo/portal/index.html',
    rateLimit: {
      max: parsePositiveInt('RATE_LIMIT_MAX', env.RATE_LIMIT_MAX, 600),
      windowSeconds: parsePositiveInt(
        'RATE_LIMIT_WINDOW_SECONDS',
        env.RATE_LIMIT_WINDOW_SECONDS,
        60,
      ),
    },
    booking: {
      leadMinutes: parseNonNegativeInt('BOOKING_LEAD_MINUTES', env.BOOKING_LEAD_MINUTES, 60),
      createRateLimit: {
        max: parsePositiveInt('BOOKING_RATE_LIMIT_MAX', env.BOOKING_RATE_LIMIT_MAX, 20),
        windowSeconds: parsePositiveInt(
          'RATE_LIMIT_WINDOW_SECONDS',
          env.RATE_LIMIT_WINDOW_SECONDS,
          60,
        ),
      },
      requireSafetyAnswers: !['0', 'false'].includes(env.REQUIRE_SAFETY_ANSWERS ?? ''),
      holds: {
        perKey: DEFAULT_HOLD_LIMITS.perKey,
        perAddress: parsePositiveInt(
          'HOLDS_PER_ADDRESS',
          env.HOLDS_PER_ADDRESS,
          DEFAULT_HOLD_LIMITS.perAddress,
        ),
        maxMinutes: parsePositiveInt(
          'HOLD_MAX_MINUTES',
          env.HOLD_MAX_MINUTES,
          DEFAULT_HOLD_LIMITS.maxMinutes,
        ),
      },
    },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL || 'info',
    uploads: {
      quotaBytes: parsePositiveInt(
        'UPLOAD_QUOTA_BYTES',
        env.UPLOAD_QUOTA_BYTES,
        DEFAULT_UPLOAD_LIMITS.quotaBytes,
      ),
      quotaFiles: parsePositiveInt(
        'UPLOAD_QUOTA_FILES',
        env.UPLOAD_QUOTA_FILES,
        DEFAULT_UPLOAD_LIMITS.quotaFiles,
      ),
      unbookedTtlHours: parsePositiveInt(
        'UPLOAD_UNBOOKED_HOURS',
        env.UPLOAD_UNBOOKED_HOURS,
        DEFAULT_UPLOAD_LIMITS.unbookedTtlHours,
      ),
      minFreeBytes: parseNonNegativeInt(
        'UPLOAD_MIN_FREE_BYTES',
        env.UPLOAD_MIN_FREE_BYTES,
        DEFAULT_UPLOAD_LIMITS.minFreeBytes,
      ),
    },
    ...loadCheckInConfig(env),
    runtime: {
      version: packageVersion(),
      versionHash: gitHash(),
      environmentProfiles: production ? [] : ['dev'],
    },
  });
}
