/**
 * The reminders as a job of the server process (main.ts; issue 16 part 7):
 * runs once at start, then every REMINDER_INTERVAL_SECONDS. Several API
 * processes may run it at once: each reminder is claimed in the database.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ReminderService } from '../services/reminders.service.js';
import type { Job } from './document-sweep.js';

export function startReminders(
  reminders: Pick<ReminderService, 'runOnce'>,
  log: FastifyBaseLogger,
  everyMs: number,
): Job {
  let running = false;
  const run = (): void => {
    if (running) return; // a slow run is not overtaken by the next tick
    running = true;
    reminders
      .runOnce()
      .then((result) => {
        if (result.queued || result.skipped) log.info(result, 'reminders queued');
      })
      .catch((error: unknown) => log.error({ err: error }, 'reminders failed'))
      .finally(() => (running = false));
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
