/**
 * Sends the outbox (ARCHITECTURE "Outgoing e-mail and SMS go through one
 * outbox"): e-mail by SMTP (nodemailer) when SMTP_URL is set, SMS through an
 * adapter (console or webhook). Without SMTP, e-mails stay unsent and the
 * development mailbox shows them. Several processes may run senders: each
 * claims rows in the database first (outbox.repo.ts claimPending).
 */
import type { Transporter } from 'nodemailer';
import type { Queryable } from '../db/db.js';
import {
  claimPending,
  markFailed,
  markSent,
  purgeOldBodies,
  type PendingMessage,
} from '../db/outbox.repo.js';
import { pollingLoop } from './polling-loop.js';

export interface EmailSender {
  send(message: { to: string; subject: string; text: string; html?: string }): Promise<void>;
}

/** What an SMS gateway must do; the message body never reaches a log. */
export interface SmsSender {
  send(message: { to: string; text: string }): Promise<void>;
}

export function smtpSender(smtpUrl: string, from: string): EmailSender & { close(): void } {
  // nodemailer loads with the first e-mail, not at start-up (issue 15).
  let transport: Promise<Transporter> | undefined;
  const connect = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(smtpUrl),
    ));
  return {
    async send(message) {
      await (await connect()).sendMail({ from, ...message });
    },
    close: () => void transport?.then((opened) => opened.close()),
  };
}

/**
 * Development SMS: says that a message left and to whom (masked), never what
 * it says (codes must not land in logs); read it in the development mailbox.
 */
export function consoleSmsSender(log: (line: string) => void = console.log): SmsSender {
  return {
    send(message) {
      log(
        `SMS to ••• ${message.to.replace(/\D/g, '').slice(-3)} (${message.text.length} characters; see the development mailbox)`,
      );
      return Promise.resolve();
    },
  };
}

/** POSTs {to, text} as JSON to a gateway (SMS_WEBHOOK_URL); any non-2xx answer is a failure. */
export function webhookSmsSender(url: string, fetchImpl: typeof fetch = fetch): SmsSender {
  return {
    async send(message) {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: message.to, text: message.text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS webhook answered ${response.status}`);
    },
  };
}

export interface OutboxSenderOptions {
  email?: EmailSender | undefined;
  sms?: SmsSender | undefined;
  /** Poll interval (ms); default 2000. */
  intervalMs?: number;
  batchSize?: number;
  maxAttempts?: number;
  /**
   * Bodies of messages older than this are emptied, sent or not (the
   * development mailbox shows them until then); a sent body goes at once.
   * Default 24 hours.
   */
  retentionSeconds?: number;
  onError?: (error: unknown) => void;
}

export interface OutboxSender {
  /** Sends what is due now; resolves with the number sent. */
  runOnce(): Promise<number>;
  /** Stops the loop and waits for a running batch. */
  stop(): Promise<void>;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Back-off after a failure: 30 s, 2 min, 8 min, … at most an hour. */
function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 4 ** Math.max(0, attempts - 1));
}

export function startOutboxSender(db: Queryable, options: OutboxSenderOptions): OutboxSender {
  const channels = [
    ...(options.email ? (['email'] as const) : []),
    ...(options.sms ? (['sms'] as const) : []),
  ];
  const maxAttempts = options.maxAttempts ?? 5;

  async function deliver(message: PendingMessage): Promise<void> {
    if (message.channel === 'email' && options.email)
      await options.email.send({
        to: message.recipient,
        subject: message.subject,
        text: message.body,
        ...(message.html ? { html: message.html } : {}),
      });
    else if (message.channel === 'sms' && options.sms)
      await options.sms.send({ to: message.recipient, text: message.body });
  }

  let purgedAt = 0;
  async function runOnce(): Promise<number> {
    if (Date.now() - purgedAt >= 60_000) {
      purgedAt = Date.now();
      await purgeOldBodies(db, options.retentionSeconds ?? 24 * 60 * 60);
    }
    if (channels.length === 0) return 0;
    const batch = await claimPending(db, {
      channels: [...channels],
      limit: options.batchSize ?? 20,
      maxAttempts,
      leaseSeconds: 120,
    });
    let sent = 0;
    for (const message of batch) {
      try {
        await deliver(message);
        await markSent(db, message.id);
        sent += 1;
      } catch (error) {
        await markFailed(db, message.id, errorText(error), retryDelaySeconds(message.attempts));
      }
    }
    return sent;
  }

  const poller = pollingLoop(runOnce, {
    intervalMs: options.intervalMs ?? 2000,
    onError: options.onError,
  });
  return { runOnce, stop: () => poller.stop() };
}
