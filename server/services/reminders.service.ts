/**
 * Appointment reminders (issue 16 part 7). Booking keys are stored only as
 * hashes (docs/security.md "Secrets at rest"), so a booking seals its clear
 * key under the reminder secret (REMINDER_SECRET, else one the server keeps
 * in server_secrets) for the reminder's check-in link; the sealed key is
 * dropped when the reminder leaves or can no longer be sent.
 */
import { randomBytes } from 'node:crypto';
import { insertOutboxMessage } from '../db/booking.repo.js';
import type { Db, Queryable } from '../db/db.js';
import {
  claimDueReminders,
  dropUnusedReminderKeys,
  serverSecret,
  storeReminderKey,
} from '../db/reminders.repo.js';
import { sealFor, unsealWith } from '../db/secrets.js';
import { mailTexts } from './mail-texts.js';
import { reminderMessage } from './reminder-messages.js';

const PURPOSE = 'reminder';
const BATCH = 100;

export interface ReminderOptions {
  publicUrl: string;
  leadHours: number;
  secret?: string | undefined;
  clock?: () => Date;
}

export interface ReminderRun {
  /** Reminders written to the outbox. */
  queued: number;
  /** Claimed but not sendable: no contact, or a key sealed under another secret. */
  skipped: number;
}

export interface ReminderService {
  /** Stores the sealed key of an appointment that exists (the dev route's appointments). */
  sealKey(tx: Queryable, slug: string, bookingKey: string): Promise<void>;
  /**
   * The key the patient holds, sealed for the reminder's link, for a booking to
   * store with its appointment. Called before the booking's transaction: the
   * secret is read (or made) once, on its own, then kept (issue 15: no
   * secret statements in every booking).
   */
  sealedFor(bookingKey: string): Promise<string>;
  /** Queues every reminder due now (each once, whatever other processes do). */
  runOnce(): Promise<ReminderRun>;
}

export function createReminderService(db: Db, options: ReminderOptions): ReminderService {
  const clock = options.clock ?? (() => new Date());
  // Cached only when read outside a booking's transaction (a rolled-back one would not keep it).
  let known = options.secret;
  const secret = (q: Queryable) =>
    known
      ? Promise.resolve(known)
      : serverSecret(q, PURPOSE, randomBytes(32).toString('base64url'));

  return {
    async sealKey(tx, slug, bookingKey) {
      await storeReminderKey(tx, slug, sealFor(await secret(tx), bookingKey, PURPOSE));
    },
    async sealedFor(bookingKey) {
      // Outside any transaction the insert commits by itself, so keeping it is safe.
      known ??= await secret(db);
      return sealFor(known, bookingKey, PURPOSE);
    },
    async runOnce() {
      known ??= await secret(db);
      const key = known;
      const now = clock();
      await dropUnusedReminderKeys(db, now);
      return db.transaction(async (tx) => {
        const due = await claimDueReminders(tx, {
          now,
          leadHours: options.leadHours,
          limit: BATCH,
        });
        const run: ReminderRun = { queued: 0, skipped: 0 };
        for (const reminder of due) {
          const bookingKey = unsealWith(key, reminder.sealedKey, PURPOSE);
          const message =
            bookingKey &&
            reminderMessage(
              reminder,
              bookingKey,
              options.publicUrl,
              await mailTexts(tx, reminder.locale),
            );
          if (!message) {
            run.skipped += 1;
            continue;
          }
          await insertOutboxMessage(tx, message);
          run.queued += 1;
        }
        return run;
      });
    },
  };
}
