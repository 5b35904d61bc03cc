/**
 * The provider's check-in settings (provider_settings section "checkIn";
 * issue 16 part 5) with their defaults, and the window of one appointment
 * from them and check_in_windows (clinic row, then exam row, migration 031).
 */
import type { CheckInMode } from '../../src/contract/check-in.js';
import type { Queryable } from '../db/db.js';
import type { CheckInFacts } from '../db/check-in.repo.js';
import { readSetting } from '../db/settings.repo.js';
import type { CheckInWindowInput } from './check-in-window.js';

export interface CheckInSettings {
  /** Digital check-in offered at all (a clinic row may turn it off or on). */
  enabled: boolean;
  mode: CheckInMode;
  opensMinutesBefore: number;
  closesMinutesAfter: number;
  /** The referral must be uploaded before check-in (readiness). */
  requireReferralBeforeCheckIn: boolean;
  /** The check-in form asks for gender. */
  showGenderSelection: boolean;
  /** R-4-checkin-02: the feedback questionnaire is answered before confirm. */
  feedbackRequired: boolean;
}

export const DEFAULT_CHECK_IN_SETTINGS: CheckInSettings = {
  enabled: true,
  mode: 'SIMPLE',
  opensMinutesBefore: 60,
  closesMinutesAfter: 30,
  requireReferralBeforeCheckIn: false,
  showGenderSelection: false,
  feedbackRequired: false,
};

function minutes(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 1440
    ? value
    : fallback;
}

export async function readCheckInSettings(q: Queryable): Promise<CheckInSettings> {
  const raw = ((await readSetting(q, 'checkIn')) ?? {}) as Record<string, unknown>;
  const d = DEFAULT_CHECK_IN_SETTINGS;
  return {
    enabled: typeof raw.enabled === 'boolean' ? raw.enabled : d.enabled,
    mode: raw.mode === 'PREPARE_FIRST' ? 'PREPARE_FIRST' : 'SIMPLE',
    opensMinutesBefore: minutes(raw.opensMinutesBefore, d.opensMinutesBefore),
    closesMinutesAfter: minutes(raw.closesMinutesAfter, d.closesMinutesAfter),
    requireReferralBeforeCheckIn: raw.requireReferralBeforeCheckIn === true,
    showGenderSelection: raw.showGenderSelection === true,
    feedbackRequired: raw.feedbackRequired === true,
  };
}

export function windowInput(facts: CheckInFacts, settings: CheckInSettings): CheckInWindowInput {
  return {
    startMs: facts.startMs,
    timeZone: facts.timeZone,
    opensMinutesBefore: facts.opensMinutesBefore ?? settings.opensMinutesBefore,
    closesMinutesAfter: facts.closesMinutesAfter ?? settings.closesMinutesAfter,
    enabled: facts.enabled ?? settings.enabled,
    cancelled: facts.status === 'CANCELED',
    checkedIn: facts.successAt !== null || facts.status === 'CHECKED_IN',
  };
}
