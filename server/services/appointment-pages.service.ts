/**
 * The appointment pages (spec 2.4, 4 "Cancel, reschedule, close, share",
 * R-7-calls-40/43/47): the summary of a booking key, confirm, cancel with a
 * reason, can-change-status, the calendar file, unsubscribe, call-centre
 * e-mail and callback request. Ownership is checked by the routes
 * (requireAppointment); this service trusts the ids it is given.
 */
import { keyRef, sealFor, unsealWith, type KeyRef } from '../db/secrets.js';

/** The purpose label of a new booking key sealed under the old one (secrets.ts sealFor). */
const MOVED_TO = 'moved-to';
import type {
  AppointmentSummary,
  AppointmentView,
  CallbackRequest,
  CancelAppointmentRequest,
  CancelResult,
  CanChangeStatusResponse,
  ChangeAction,
} from '../../src/contract/appointments.js';
import { canChangeStatus } from '../../src/domain/appointment/change-rules.js';
import {
  cancelAppointmentRow,
  confirmAppointmentRow,
  findAppointmentRow,
  findAppointmentRows,
  lockAppointment,
  unsubscribeAppointments,
  type AppointmentRow,
} from '../db/appointment-pages.repo.js';
import { insertOutboxMessage } from '../db/booking.repo.js';
import type { Db, Queryable } from '../db/db.js';
import { ApiError } from '../http/errors.js';
import { readAppointmentRules, type AppointmentRules } from './appointment-rules.js';
import { clinicAddress, emailHash } from './booking-common.js';
import { queueCancellationEmail } from './cancellation-email.js';
import { appointmentMailFacts } from '../db/appointment-mail.repo.js';
import { clinicLocalText } from './mail-texts.js';
import { formatZonedIso } from '../../src/domain/time/zoned-time.js';

export interface AppointmentPagesService {
  /** Every appointment of the key; `bookingKey` is the clear key the request carried. */
  summary(ref: KeyRef, bookingKey: string): Promise<AppointmentSummary>;
  confirm(id: number): Promise<AppointmentView>;
  canChange(id: number, action: ChangeAction): Promise<CanChangeStatusResponse>;
  cancel(slug: string, request: CancelAppointmentRequest): Promise<CancelResult>;
  unsubscribe(ref: KeyRef): Promise<void>;
  sendCallCentreEmail(id: number, message: string): Promise<void>;
  requestCallback(id: number, request: CallbackRequest): Promise<void>;
}

/**
 * `bookingKey` is the clear key of the request, when it carried one; keys are
 * stored only as hashes (db/secrets.ts), so a view answered by slug has none.
 */
function toView(
  row: AppointmentRow,
  rules: AppointmentRules,
  nowMs: number,
  bookingKey = '',
): AppointmentView {
  const zone = row.clinic.timeZone;
  return {
    slug: row.slug,
    bookingKey,
    success: true,
    errorMessage: null,
    modalityName: row.modalityName,
    examName: row.examName,
    clinicName: row.clinic.name,
    patientEmailHash: row.patient.email ? emailHash(row.patient.email) : '',
    date: formatZonedIso(row.startMs, zone),
    endTime: formatZonedIso(row.endMs, zone),
    examSlug: row.examSlug,
    examDetails: {
      slug: row.examSlug,
      name: row.examName,
      modalityName: row.modalityName,
      examNotes: row.examNotes,
      notes: row.notes,
    },
    status: row.status,
    expired: row.endMs <= nowMs,
    walkIn: row.walkIn,
    enquireOnly: !row.bookableOnline,
    timeZone: zone,
    clinic: row.clinic,
    clinicAddress: clinicAddress(row.clinic),
    preparation: [row.examNotes, row.notes].filter(Boolean).join('\n\n'),
    documentsNeeded: rules.documentsNeeded,
    checkInPrepared: row.checkIn.prepared,
    checkInPreparedSent: row.checkIn.preparedSent,
    checkInSent: row.checkIn.sent,
    checkInSuccess: row.checkIn.success,
    showGenderSelection: row.checkIn.showGenderSelection,
    movedTo: row.movedTo && {
      date: formatZonedIso(row.movedTo.startMs, row.movedTo.timeZone),
      timeZone: row.movedTo.timeZone,
      clinicName: row.movedTo.clinicName,
      examName: row.movedTo.examName,
      // Only a request that carries this appointment's own key opens the new one's.
      bookingKey:
        (bookingKey &&
          row.movedTo.sealedKey &&
          unsealWith(bookingKey, row.movedTo.sealedKey, MOVED_TO)) ||
        null,
    },
    walkIns: row.walkIns,
    patientNotes: row.patientNotes,
    movedFrom: row.movedFrom && {
      date: formatZonedIso(row.movedFrom.startMs, row.movedFrom.timeZone),
      timeZone: row.movedFrom.timeZone,
    },
    patientMedicareNumber: row.patient.medicareNumber,
    patientDetails: {
      title: null,
      firstName: row.patient.firstName,
      lastName: row.patient.lastName,
      dateOfBirth: row.patient.dateOfBirth,
      email: row.patient.email,
      contactNumber: row.patient.phone,
      postalCode: row.patient.postalCode,
      medicareNumber: row.patient.medicareNumber,
      sex: row.patient.sex,
    },
    patientFolioNumber: null,
    emailsUnsubscribed: row.emailsUnsubscribed,
  };
}

function priorMinutesOf(rules: AppointmentRules, action: ChangeAction): number {
  return action === 'CANCEL' ? rules.cancelPriorMinutes : rules.reschedulePriorMinutes;
}

/**
 * Reschedule or change (R-4-cancel-07): inside the new booking's
 * transaction, the old appointment is cancelled when it may still be
 * changed; otherwise the whole booking is refused (409), so a patient never
 * ends up with both or neither.
 */
export async function replaceAppointment(
  tx: Queryable,
  input: {
    appointmentSlug: string;
    holderKey: KeyRef | null;
    newSlug: string;
    newBookingKey: string;
    /** The old appointment's clear key (its page started the move): the new key is sealed under it. */
    previousBookingKey?: string;
    nowMs: number;
  },
): Promise<{ startMs: number; timeZone: string } | null> {
  const old = await lockAppointment(tx, input.appointmentSlug);
  if (!old || old.bookingKey !== input.holderKey) throw new ApiError(403, 'message.forbidden');
  const rules = await readAppointmentRules(tx);
  const answer = canChangeStatus({
    status: old.status,
    startMs: old.startMs,
    nowMs: input.nowMs,
    priorMinutes: rules.reschedulePriorMinutes,
    enquireOnly: !old.bookableOnline,
    action: 'RESCHEDULE',
  });
  if (!answer.canChange)
    throw new ApiError(409, 'message.reschedule_not_allowed', answer.reason ?? '');
  const previous = input.previousBookingKey;
  await cancelAppointmentRow(tx, old.id, {
    reason: 'RESCHEDULED',
    note: '',
    replacedBy: input.newSlug,
    // Only the old key's holder can open it: the old link then leads to the new appointment.
    movedToSealed:
      previous && keyRef(previous) === old.bookingKey
        ? sealFor(previous, input.newBookingKey, MOVED_TO)
        : undefined,
  });
  // What the new appointment's e-mail says it was moved from.
  const facts = await appointmentMailFacts(tx, old.id);
  return facts && { startMs: facts.startMs, timeZone: facts.timeZone };
}

export function createAppointmentPagesService(
  db: Db,
  options: { clock: () => Date; publicUrl: string },
): AppointmentPagesService {
  const { clock } = options;

  async function row(id: number): Promise<AppointmentRow> {
    const found = await findAppointmentRow(db, id);
    if (!found) throw new ApiError(404, 'message.appointment_not_found');
    return found;
  }

  async function queueForCallCentre(id: number, subject: string, lines: string[]): Promise<void> {
    const appointment = await row(id);
    const rules = await readAppointmentRules(db);
    // To the clinic's staff: always in English (Australia).
    const when = clinicLocalText(appointment.startMs, appointment.clinic.timeZone, 'en-AU');
    const patient = `${appointment.patient.firstName} ${appointment.patient.lastName}`.trim();
    await insertOutboxMessage(db, {
      channel: 'email',
      recipient: rules.callCentreEmail || appointment.clinic.email,
      subject: `${subject}: ${patient}`,
      body: [
        ...lines,
        '',
        `Patient: ${patient}`,
        `E-mail: ${appointment.patient.email ?? ''}`,
        `Appointment: ${appointment.examName} at ${appointment.clinic.name}, ${when}`,
        `Appointment reference: ${appointment.slug}`,
      ].join('\n'),
      reference: appointment.bookingKey,
    });
  }

  return {
    async summary(ref, bookingKey) {
      const [rows, rules] = await Promise.all([
        findAppointmentRows(db, ref),
        readAppointmentRules(db),
      ]);
      const nowMs = clock().getTime();
      return {
        bookingKey,
        appointments: rows.map((r) => toView(r, rules, nowMs, bookingKey)),
        cancelReasons: rules.cancelReasons,
        cancelPriorMinutes: rules.cancelPriorMinutes,
        reschedulePriorMinutes: rules.reschedulePriorMinutes,
        walkInRescheduleAllowed: rules.walkInRescheduleAllowed,
      };
    },

    async confirm(id) {
      const current = await row(id);
      if (
        current.endMs <= clock().getTime() ||
        !['BOOKED', 'PENDING', 'CONFIRMED'].includes(current.status)
      )
        throw new ApiError(409, 'message.appointment_not_confirmable');
      await confirmAppointmentRow(db, id);
      return toView(await row(id), await readAppointmentRules(db), clock().getTime());
    },

    async canChange(id, action) {
      const current = await row(id);
      const rules = await readAppointmentRules(db);
      return canChangeStatus({
        status: current.status,
        startMs: current.startMs,
        nowMs: clock().getTime(),
        priorMinutes: priorMinutesOf(rules, action),
        enquireOnly: !current.bookableOnline,
        action,
      });
    },

    async cancel(slug, request) {
      const rules = await readAppointmentRules(db);
      const label = request.reason.label.trim();
      if (!rules.cancelReasons.some((reason) => reason.label === label))
        throw new ApiError(400, 'message.cancel_reason_unknown');
      const note = request.note.trim();
      return db.transaction(async (tx) => {
        const current = await lockAppointment(tx, slug);
        if (!current) throw new ApiError(404, 'message.appointment_not_found');
        const answer = canChangeStatus({
          status: current.status,
          startMs: current.startMs,
          nowMs: clock().getTime(),
          priorMinutes: rules.cancelPriorMinutes,
          enquireOnly: !current.bookableOnline,
          action: 'CANCEL',
        });
        if (!answer.canChange && answer.reason !== 'ENQUIRE_ONLY')
          throw new ApiError(409, 'message.cancel_not_allowed', answer.reason ?? '');
        await cancelAppointmentRow(tx, current.id, { reason: label, note });
        await queueCancellationEmail(tx, current.id, options.publicUrl);
        return { slug, status: 'CANCELED' as const, reason: { label }, note };
      });
    },

    unsubscribe: (ref) => unsubscribeAppointments(db, ref),

    sendCallCentreEmail: (id, message) =>
      queueForCallCentre(id, 'Message from a patient', [message.trim()]),

    requestCallback: (id, request) =>
      queueForCallCentre(id, 'Callback request', [
        `Please call the patient back on ${request.contactNumber}.`,
        ...(request.note?.trim() ? ['', request.note.trim()] : []),
      ]),
  };
}
