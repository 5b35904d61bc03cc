/**
 * Delivers the outbox's RIS messages (issue 16 part 6; docs/ris-delivery.md):
 * each FHIR R4 resource is POSTed as application/fhir+json to
 * RIS_WEBHOOK_URL and retried with back-off (1 s doubling, at most 5 min)
 * until the RIS answers 2xx; the acknowledgement sets prepared_sent_at or
 * success_at (checkInSent → checkInSuccess). Without RIS_WEBHOOK_URL the
 * built-in receiver acknowledges each message RIS_ACK_DELAY_MS after it was
 * queued, so the portal's polling works on a fresh machine.
 */
import { markRisAcknowledged } from '../db/check-in.repo.js';
import type { Db } from '../db/db.js';
import { markSent } from '../db/outbox.repo.js';
import {
  claimRisMessages,
  retryRisMessageIn,
  type PendingRisMessage,
} from '../db/ris-outbox.repo.js';
import { pollingLoop } from './polling-loop.js';

export interface RisSenderOptions {
  /** The RIS endpoint; undefined: the built-in receiver. */
  webhookUrl?: string | undefined;
  /** The built-in receiver's delay (ms); default 1500. */
  ackDelayMs?: number;
  /** First retry delay (ms), doubled per attempt up to maxRetryMs; default 1000. */
  retryBaseMs?: number;
  maxRetryMs?: number;
  intervalMs?: number;
  fetchImpl?: typeof fetch;
  onError?: (error: unknown) => void;
}

export interface RisSender {
  /** Delivers what is due now; resolves with the number acknowledged. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export const DEFAULT_RIS_ACK_DELAY_MS = 1500;

export function risRetryDelayMs(attempts: number, baseMs = 1000, maxMs = 300_000): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

export function startRisSender(db: Db, options: RisSenderOptions, loop = true): RisSender {
  const fetchImpl = options.fetchImpl ?? fetch;

  async function deliver(message: PendingRisMessage): Promise<void> {
    if (!options.webhookUrl) return; // the built-in receiver: claimed only once old enough
    if (!message.body) throw new Error('message body purged before delivery');
    const response = await fetchImpl(options.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/fhir+json', 'x-outbox-id': String(message.id) },
      body: message.body,
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`RIS answered ${response.status}`);
  }

  async function runOnce(): Promise<number> {
    const batch = await claimRisMessages(db, {
      limit: 20,
      leaseSeconds: 60,
      minAgeMs: options.webhookUrl ? 0 : (options.ackDelayMs ?? DEFAULT_RIS_ACK_DELAY_MS),
    });
    let acknowledged = 0;
    for (const message of batch) {
      try {
        await deliver(message);
        await db.transaction(async (tx) => {
          await markSent(tx, message.id);
          await markRisAcknowledged(
            tx,
            message.appointmentId,
            message.kind === 'prepared' ? 'prepared' : 'check_in',
          );
        });
        acknowledged += 1;
      } catch (error) {
        const delay = risRetryDelayMs(message.attempts, options.retryBaseMs, options.maxRetryMs);
        await retryRisMessageIn(
          db,
          message.id,
          error instanceof Error ? error.message : String(error),
          delay,
        );
      }
    }
    return acknowledged;
  }

  const poller = pollingLoop(runOnce, {
    intervalMs: options.intervalMs ?? 500,
    onError: options.onError,
    start: loop,
  });
  return { runOnce, stop: () => poller.stop() };
}
