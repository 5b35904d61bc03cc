/**
 * Digital check-in of an appointment (spec 4 "Digital check-in", spec 7
 * check-in calls, R-7-calls-41/42; issue 16 parts 4 to 6): its state and
 * window, readiness, the prepared form and the check-in itself, both
 * delivered to the RIS through the outbox. Ownership is checked by the
 * routes (requireAppointment); this service trusts the ids it is given.
 */
import type {
  CheckInAppointment,
  CheckInForm,
  CheckInPoll,
  CheckInReadiness,
  CheckInState,
} from '../../src/contract/check-in.js';
import { medicareNumberError } from '../../src/domain/booking/form-validation.js';
import { formatZonedIso, isIsoDate } from '../../src/domain/time/zoned-time.js';
import {
  findCheckInFacts,
  findCheckInFactsOfKey,
  markCheckInSent,
  referralDocumentTypeId,
  savePreparedForm,
  type CheckInFacts,
} from '../db/check-in.repo.js';
import type { Db } from '../db/db.js';
import { findDoctorName } from '../db/doctors.repo.js';
import { hasFeedback } from '../db/questionnaire-answers.repo.js';
import { findAppointmentFacts } from '../db/questionnaire-facts.repo.js';
import { listQuestionnaires } from '../db/questionnaires.repo.js';
import type { KeyRef } from '../db/secrets.js';
import { ApiError } from '../http/errors.js';
import { readCheckInSettings, windowInput, type CheckInSettings } from './check-in-config.js';
import { checkInWindow, clinicDay } from './check-in-window.js';
import { arrivedAppointment, preparedForm, queueRisMessage } from './ris-delivery.js';

export const CHECK_IN_NOT_ALLOWED = 'message.check_in_not_allowed';
export const CHECK_IN_NOT_READY = 'message.check_in_not_ready';
export const REFERRAL_REQUIRED = 'message.check_in_referral_required';
export const FORM_REQUIRED = 'message.check_in_form_required';
export const FEEDBACK_REQUIRED = 'message.check_in_feedback_required';

export interface CheckInService {
  state(id: number): Promise<CheckInState>;
  readiness(id: number): Promise<CheckInReadiness>;
  prepare(id: number, slug: string, form: CheckInForm): Promise<CheckInState>;
  checkIn(id: number): Promise<CheckInState>;
  poll(id: number): Promise<CheckInPoll>;
  /** Today's (clinic-local) live appointments of a booking key. */
  today(key: KeyRef): Promise<CheckInAppointment[]>;
}

async function facts(db: Db, id: number): Promise<CheckInFacts> {
  const found = await findCheckInFacts(db, id);
  if (!found) throw new ApiError(404, 'message.appointment_not_found');
  return found;
}

/**
 * R-4-checkin-02: feedback is required at check-in when the setting is on, a
 * FEEDBACK questionnaire applies to the appointment's exam or modality, and
 * none was answered for this appointment.
 */
async function feedbackPending(db: Db, row: CheckInFacts, settings: CheckInSettings) {
  if (!settings.feedbackRequired || row.successAt !== null) return false;
  if (await hasFeedback(db, row.id)) return false;
  const facts = await findAppointmentFacts(db, row.id);
  const applicable = await listQuestionnaires(db, {
    types: ['FEEDBACK'],
    examSlugs: row.examSlug === null ? [] : [row.examSlug],
    modalityIds: facts?.modalityId == null ? [] : [facts.modalityId],
  });
  return applicable.length > 0;
}

export async function toCheckInState(
  db: Db,
  row: CheckInFacts,
  settings: CheckInSettings,
  nowMs: number,
): Promise<CheckInState> {
  const window = checkInWindow(windowInput(row, settings), nowMs);
  return {
    slug: row.slug,
    enabled: row.enabled ?? settings.enabled,
    canCheckIn: window.canCheckIn,
    disabledReason: window.disabledReason,
    opensAt: window.opensAt,
    closesAt: window.closesAt,
    priorMinutes: window.priorMinutes,
    timeZone: row.timeZone,
    checkInPrepared: row.preparedAt !== null,
    checkInPreparedSent: row.preparedSentAt !== null,
    checkInSent: row.sentAt !== null,
    checkInSuccess: row.successAt !== null,
    showGenderSelection: settings.showGenderSelection,
    feedbackRequired: await feedbackPending(db, row, settings),
    mode: settings.mode,
    form: row.form && {
      ...row.form,
      referrerName: (await findDoctorName(db, row.form.referrer)) ?? row.form.referrer,
    },
  };
}

/** Field → message key of the check-in form (spec 5 "Check-in form"); empty when valid. */
export function checkInFormErrors(
  form: CheckInForm,
  today: string,
  showGenderSelection: boolean,
): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!form.referrer.trim()) fields.referrer = 'form.required';
  if (!form.dateOfReferral) fields.dateOfReferral = 'form.required';
  else if (!isIsoDate(form.dateOfReferral)) fields.dateOfReferral = 'form.please_enter_valid';
  else if (form.dateOfReferral > today) fields.dateOfReferral = 'form.date_of_referral_future';
  const medicare = medicareNumberError(form.medicareNumber);
  if (medicare) fields.medicareNumber = medicare.key;
  if (!form.referenceNumber) fields.referenceNumber = 'form.required';
  else if (!/^[1-9]$/.test(form.referenceNumber))
    fields.referenceNumber = 'form.please_enter_valid';
  if (showGenderSelection && !form.gender) fields.gender = 'form.required';
  return fields;
}

function readinessOf(
  state: CheckInState,
  row: CheckInFacts,
  settings: CheckInSettings,
  typeId: number | null,
): CheckInReadiness {
  const referralMissing = !row.referralUploaded && typeId !== null;
  const message = !state.canCheckIn
    ? CHECK_IN_NOT_ALLOWED
    : state.feedbackRequired
      ? FEEDBACK_REQUIRED
      : settings.mode === 'PREPARE_FIRST' && !state.checkInPrepared
        ? FORM_REQUIRED
        : settings.requireReferralBeforeCheckIn && !row.referralUploaded
          ? REFERRAL_REQUIRED
          : null;
  return {
    ready: message === null,
    requiredReferralUploaded: !referralMissing,
    documentTypeId: referralMissing ? typeId : null,
    message,
  };
}

/**
 * "Today" for check-in: the clinic-local day of the appointment is today, or
 * its window is open now (00:15 tomorrow opens at 23:15 tonight).
 */
export function isTodaysVisit(
  row: CheckInFacts,
  settings: CheckInSettings,
  nowMs: number,
): boolean {
  if (clinicDay(row.startMs, row.timeZone) === clinicDay(nowMs, row.timeZone)) return true;
  const { opensMs, closesMs } = checkInWindow(windowInput(row, settings), nowMs);
  return nowMs >= opensMs && nowMs < closesMs;
}

export function createCheckInService(db: Db, clock: () => Date): CheckInService {
  const now = () => clock().getTime();

  async function state(id: number): Promise<CheckInState> {
    return toCheckInState(db, await facts(db, id), await readCheckInSettings(db), now());
  }

  async function readiness(id: number): Promise<CheckInReadiness> {
    const row = await facts(db, id);
    const settings = await readCheckInSettings(db);
    const current = await toCheckInState(db, row, settings, now());
    return readinessOf(current, row, settings, await referralDocumentTypeId(db));
  }

  return {
    state,
    readiness,

    async prepare(id, slug, form) {
      const row = await facts(db, id);
      if (form.appointmentSlug !== slug)
        throw new ApiError(400, 'message.bad_request', 'appointmentSlug differs from the path');
      const settings = await readCheckInSettings(db);
      const current = await toCheckInState(db, row, settings, now());
      if (!current.enabled || current.checkInSent || row.status === 'CANCELED')
        throw new ApiError(
          409,
          CHECK_IN_NOT_ALLOWED,
          'check-in closed for this appointment',
          undefined,
          {
            priorMinutes: current.priorMinutes,
          },
        );
      const fields = checkInFormErrors(
        form,
        clinicDay(now(), row.timeZone),
        settings.showGenderSelection,
      );
      if (Object.keys(fields).length > 0)
        throw new ApiError(400, 'message.validation_error', 'check-in form', fields);
      const stored = {
        referrer: form.referrer.trim(),
        dateOfReferral: form.dateOfReferral,
        medicareNumber: form.medicareNumber.replace(/[\s-]/g, ''),
        referenceNumber: form.referenceNumber,
        gender: settings.showGenderSelection ? (form.gender ?? null) : null,
      };
      const referrerName = (await findDoctorName(db, stored.referrer)) ?? stored.referrer;
      await db.transaction(async (tx) => {
        await savePreparedForm(tx, id, stored);
        await queueRisMessage(tx, id, 'prepared', preparedForm(row, stored, referrerName, now()));
      });
      return state(id);
    },

    async checkIn(id) {
      const row = await facts(db, id);
      const settings = await readCheckInSettings(db);
      const current = await toCheckInState(db, row, settings, now());
      if (current.checkInSent) return current;
      if (!current.canCheckIn)
        throw new ApiError(409, CHECK_IN_NOT_ALLOWED, current.disabledReason ?? '', undefined, {
          priorMinutes: current.priorMinutes,
          disabledReason: current.disabledReason,
        });
      const ready = readinessOf(current, row, settings, null);
      if (!ready.ready) throw new ApiError(409, CHECK_IN_NOT_READY, ready.message ?? '');
      await db.transaction(async (tx) => {
        if (await markCheckInSent(tx, id))
          await queueRisMessage(tx, id, 'check_in', arrivedAppointment(row, now()));
      });
      return state(id);
    },

    async poll(id) {
      const s = await state(id);
      return {
        checkInPreparedSent: s.checkInPreparedSent,
        checkInSent: s.checkInSent,
        checkInSuccess: s.checkInSuccess,
      };
    },

    async today(key) {
      const rows = await findCheckInFactsOfKey(db, key);
      const settings = await readCheckInSettings(db);
      const nowMs = now();
      const list: CheckInAppointment[] = [];
      for (const row of rows) {
        if (row.status === 'CANCELED' || !isTodaysVisit(row, settings, nowMs)) continue;
        const checkIn = await toCheckInState(db, row, settings, nowMs);
        list.push({
          slug: row.slug,
          bookingKey: '',
          examName: row.examName,
          clinicName: row.clinicName,
          clinicPhone: row.clinicPhone,
          date: formatZonedIso(row.startMs, row.timeZone),
          timeZone: row.timeZone,
          checkIn,
        });
      }
      return list;
    },
  };
}
