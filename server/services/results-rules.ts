/**
 * When a patient may see results (issue 17; spec 7 "results access
 * requirements"): released releaseAfterDays after the report is final, or
 * as soon as the referrer has opened the results (never before the report
 * is final) when the modality's rule says so; then available for
 * availableMonths. Release is inclusive at its instant, expiry too: at
 * availableUntil the results are expired.
 */
import type { ResultsAccess } from '../../src/contract/imaging.js';
import type { AccessRule } from '../db/imaging.repo.js';

const DAY_MS = 86_400_000;

export interface ReleaseFacts {
  /** ISO instant the report became final; null while there is no final report. */
  finalisedAt: string | null;
  /** ISO instant the referrer first opened the results, or null. */
  referrerOpenedAt: string | null;
  /** ISO instant the release was recorded (the 'results ready' message left), or null. */
  releasedAt: string | null;
}

/** The instant results are (or will be) released; null while no report is final. */
export function releaseAt(facts: ReleaseFacts, rule: AccessRule): Date | null {
  if (facts.releasedAt) return new Date(facts.releasedAt);
  if (!facts.finalisedAt) return null;
  const final = new Date(facts.finalisedAt);
  const byDays = new Date(final.getTime() + rule.releaseAfterDays * DAY_MS);
  if (!rule.releaseWhenReferrerOpened || !facts.referrerOpenedAt) return byDays;
  const opened = new Date(Math.max(final.getTime(), Date.parse(facts.referrerOpenedAt)));
  return opened < byDays ? opened : byDays;
}

/** Calendar months later (UTC), as a person counts them: 31 January + 1 month = 28/29 February. */
export function addMonths(from: Date, months: number): Date {
  const result = new Date(from);
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const last = new Date(
    Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0),
  ).getUTCDate();
  result.setUTCDate(Math.min(day, last));
  return result;
}

export function resultsAccess(facts: ReleaseFacts, rule: AccessRule, now: Date): ResultsAccess {
  const from = releaseAt(facts, rule);
  const until = from && addMonths(from, rule.availableMonths);
  const state = !from
    ? 'NOT_READY'
    : now < from
      ? 'WAITING'
      : now < until!
        ? 'RELEASED'
        : 'EXPIRED';
  return {
    state,
    authenticationType: 'APPOINTMENT_RESULTS',
    releaseAfterDays: rule.releaseAfterDays,
    releaseWhenReferrerOpened: rule.releaseWhenReferrerOpened,
    availableMonths: rule.availableMonths,
    availableFrom: from?.toISOString() ?? null,
    availableUntil: until?.toISOString() ?? null,
    resultsExpired: state === 'EXPIRED',
  };
}
