/**
 * The server process's background jobs (main.ts): the outbox (e-mail, SMS),
 * deliveries to the RIS, the documents' sweep, reminders and results release.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.js';
import { DEFAULT_REMINDERS } from '../config-check-in.js';
import { DEFAULT_IMAGING, type ImagingServerConfig } from '../config-imaging.js';
import type { Db } from '../db/db.js';
import {
  consoleSmsSender,
  smtpSender,
  startOutboxSender,
  webhookSmsSender,
} from '../services/outbox-sender.js';
import { DEFAULT_RIS_ACK_DELAY_MS, startRisSender } from '../services/ris-sender.js';
import { startDocumentSweep } from './document-sweep.js';
import { startReminders } from './reminders.js';
import { startResultsRelease } from './results-release.js';

/**
 * How long after listening the jobs start: their first runs touch tables the
 * first requests do not need, some 200 ms of a restart's first answer on
 * PGlite (issue 15 part 5). The outbox's next run comes as soon either way.
 */
export const JOBS_DELAY_MS = 1000;

export interface Jobs {
  /** Stops every job; resolves once the outbox and RIS runs in flight ended and SMTP closed. */
  stop(): Promise<void>;
}

export function startJobs(
  config: ServerConfig & ImagingServerConfig,
  db: Db,
  app: FastifyInstance,
): Jobs {
  // E-mail by SMTP when SMTP_URL is set (else the development mailbox shows it);
  // SMS by the webhook in SMS_WEBHOOK_URL, else a console line without the text.
  const email = config.smtpUrl ? smtpSender(config.smtpUrl, config.mailFrom) : undefined;
  const outbox = startOutboxSender(db, {
    email,
    sms: config.smsWebhookUrl
      ? webhookSmsSender(config.smsWebhookUrl)
      : consoleSmsSender((line) => app.log.info(line)),
    onError: (error) => app.log.error(error, 'outbox sender failed'),
  });
  // Check-ins and prepared forms to the RIS (RIS_WEBHOOK_URL, else the built-in receiver).
  const ris = startRisSender(db, {
    webhookUrl: config.ris?.webhookUrl,
    ackDelayMs: config.ris?.ackDelayMs ?? DEFAULT_RIS_ACK_DELAY_MS,
    onError: (error) => app.log.error(error, 'RIS sender failed'),
  });
  const sweep = startDocumentSweep(app.documents, app.log);
  const reminders = startReminders(
    app.reminders,
    app.log,
    (config.reminders ?? DEFAULT_REMINDERS).intervalSeconds * 1000,
  );
  const releases = startResultsRelease(
    app.resultsRelease,
    app.log,
    (config.imaging ?? DEFAULT_IMAGING).releaseIntervalSeconds * 1000,
  );
  return {
    async stop() {
      sweep.stop();
      reminders.stop();
      releases.stop();
      await Promise.all([outbox.stop(), ris.stop()]);
      await email?.close();
    },
  };
}
