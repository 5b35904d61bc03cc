/**
 * The provider's appointment rules (provider_settings section "appointment";
 * R-9-42: the prior-minutes limits come from configuration). Defaults apply
 * to every field that is missing or of the wrong type.
 */
import type { CancelReason } from '../../src/contract/appointments.js';
import type { Queryable } from '../db/db.js';
import { readSetting } from '../db/settings.repo.js';

export const APPOINTMENT_SETTINGS_SECTION = 'appointment';

export interface AppointmentRules {
  /** Cancelling online closes this many minutes before the start (24 h). */
  cancelPriorMinutes: number;
  /** Rescheduling or changing online closes this many minutes before the start (24 h). */
  reschedulePriorMinutes: number;
  walkInRescheduleAllowed: boolean;
  cancelReasons: CancelReason[];
  /** Where call-centre e-mails and callback requests go; '' means the clinic's address. */
  callCentreEmail: string;
  /** Message keys of what every patient should bring. */
  documentsNeeded: string[];
}

export const DEFAULT_APPOINTMENT_RULES: AppointmentRules = {
  cancelPriorMinutes: 24 * 60,
  reschedulePriorMinutes: 24 * 60,
  walkInRescheduleAllowed: false,
  cancelReasons: [
    { label: 'I am feeling better' },
    { label: 'The time no longer suits me' },
    { label: 'I booked with another provider' },
    { label: 'My doctor changed the request' },
    { label: 'Other' },
  ],
  callCentreEmail: '',
  documentsNeeded: [
    'appointment.documents.referral',
    'appointment.documents.medicare_card',
    'appointment.documents.previous_images',
  ],
};

function minutes(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 30 * 24 * 60
    ? value
    : fallback;
}

function strings(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((item) => typeof item === 'string')
    ? value
    : undefined;
}

export async function readAppointmentRules(q: Queryable): Promise<AppointmentRules> {
  const stored = (await readSetting(q, APPOINTMENT_SETTINGS_SECTION)) as
    Record<string, unknown> | undefined;
  const d = DEFAULT_APPOINTMENT_RULES;
  if (!stored || typeof stored !== 'object') return d;
  const reasons = Array.isArray(stored.cancelReasons)
    ? stored.cancelReasons
        .map((item: unknown) =>
          typeof item === 'string' ? item : (item as CancelReason | null)?.label,
        )
        .filter((label): label is string => typeof label === 'string' && label.trim() !== '')
        .map((label) => ({ label }))
    : [];
  return {
    cancelPriorMinutes: minutes(stored.cancelPriorMinutes, d.cancelPriorMinutes),
    reschedulePriorMinutes: minutes(stored.reschedulePriorMinutes, d.reschedulePriorMinutes),
    walkInRescheduleAllowed:
      typeof stored.walkInRescheduleAllowed === 'boolean'
        ? stored.walkInRescheduleAllowed
        : d.walkInRescheduleAllowed,
    cancelReasons: reasons.length > 0 ? reasons : d.cancelReasons,
    callCentreEmail:
      typeof stored.callCentreEmail === 'string' ? stored.callCentreEmail : d.callCentreEmail,
    documentsNeeded: strings(stored.documentsNeeded) ?? d.documentsNeeded,
  };
}
