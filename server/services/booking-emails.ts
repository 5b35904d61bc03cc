/**
 * Plain-text confirmation e-mails of appointments and booking requests,
 * written to the outbox in the booking's transaction, in the booking's
 * locale (mail-texts.ts). Links point at the portal's confirmation pages
 * (R-2.1-23, R-2.1-25) under PUBLIC_URL.
 */
import type { OutboxMessage } from '../db/booking.repo.js';
import { keyRef } from '../db/secrets.js';
import type { WalkInNote } from '../../src/contract/booking.js';
import type { MailExam, MailTexts } from './mail-texts.js';
import { walkInLines } from './walk-in-notes.js';

/** One visit of a booking as its confirmation e-mail tells it. */
export interface MailVisit {
  exam: MailExam;
  clinicName: string;
  clinicAddress: string;
  startMs: number;
  timeZone: string;
  /**
   * The texts of the PATIENT_NOTE outcomes for this visit, already in the locale
   * (patient-notes.ts noteTexts), under "How to prepare" after the exam's preparation.
   */
  notes?: readonly string[];
  /** R-4-status-04: this appointment replaces one that started then (a reschedule or change). */
  movedFrom?: { startMs: number; timeZone: string } | null;
  /** Spec 4 "Walk-in": the walk-ins that go with this visit. */
  walkIns?: readonly WalkInNote[];
}

/**
 * The confirmation of a booking: one e-mail for every exam booked under the
 * key together (issue 13), each with its time, clinic and preparation.
 */
export interface AppointmentEmailInput {
  publicUrl: string;
  bookingKey: string;
  to: string;
  patientName: string;
  /** Earliest first. */
  visits: readonly MailVisit[];
  /** A pending appointment: the clinic still confirms it (R-2.1-24 confirmation page). */
  pending?: boolean;
}

/**
 * A portal address in the patient's language: `lang` opens the portal in the
 * booking's locale (demo/portal honours it; an unsupported one falls back to
 * English (Australia), R-8-36). Without a locale the portal chooses as usual.
 */
export function portalLink(publicUrl: string, path: string, locale?: string | null): string {
  return `${publicUrl}${path}${locale ? `?lang=${encodeURIComponent(locale)}` : ''}`;
}

export function appointmentLink(
  publicUrl: string,
  bookingKey: string,
  locale?: string | null,
): string {
  return portalLink(publicUrl, `/appointments/${encodeURIComponent(bookingKey)}`, locale);
}

export function pendingAppointmentLink(
  publicUrl: string,
  bookingKey: string,
  locale?: string | null,
): string {
  return portalLink(publicUrl, `/appointments/pending/${encodeURIComponent(bookingKey)}`, locale);
}

export function bookingRequestLink(
  publicUrl: string,
  bookingKey: string,
  locale?: string | null,
): string {
  return portalLink(publicUrl, `/booking-requests/${encodeURIComponent(bookingKey)}`, locale);
}

/** "How to prepare": the exam's preparation, then what the patient's answers add. */
function preparationLines(visit: MailVisit, texts: MailTexts): string[] {
  const parts = [texts.preparation(visit.exam), ...(visit.notes ?? [])].filter(Boolean);
  return parts.length > 0 ? ['', texts.t('email.appointment.prepare'), parts.join('\n\n')] : [];
}

function subjectOf(input: AppointmentEmailInput, texts: MailTexts): string {
  const [first, ...others] = input.visits;
  if (!first) throw new Error('a confirmation names at least one visit');
  const when = texts.when(first.startMs, first.timeZone);
  if (others.length > 0) {
    const exams = texts.list(input.visits.map((visit) => texts.examName(visit.exam)));
    return texts.t(
      input.pending ? 'email.appointment.subject_pending_many' : 'email.appointment.subject_many',
      { exams, when },
    );
  }
  const exam = texts.examName(first.exam);
  if (input.pending) return texts.t('email.appointment.subject_pending', { exam, when });
  if (first.movedFrom) return texts.t('email.appointment.subject_rescheduled', { exam, when });
  return texts.t('email.appointment.subject', { exam, when });
}

/** What happened, in one sentence: pending, rescheduled (one visit) or booked. */
function leadOf(input: AppointmentEmailInput, texts: MailTexts): string {
  const { t } = texts;
  const [only, ...others] = input.visits;
  if (input.pending) return t('email.appointment.pending');
  if (others.length > 0) return t('email.appointment.booked_many');
  const moved = only?.movedFrom;
  if (only && moved)
    return t('email.appointment.rescheduled', {
      was: texts.when(moved.startMs, moved.timeZone),
      when: texts.when(only.startMs, only.timeZone),
    });
  return t('email.appointment.booked');
}

function visitLines(visit: MailVisit, texts: MailTexts): string[] {
  const { t } = texts;
  const moved = visit.movedFrom;
  return [
    t('email.appointment.exam', { exam: texts.examName(visit.exam) }),
    t('email.appointment.when', {
      when: texts.when(visit.startMs, visit.timeZone),
      zone: visit.timeZone,
      abbr: texts.zone(visit.startMs, visit.timeZone),
    }),
    ...(moved
      ? [
          t('email.appointment.was', {
            was: texts.when(moved.startMs, moved.timeZone),
            zone: moved.timeZone,
            abbr: texts.zone(moved.startMs, moved.timeZone),
          }),
        ]
      : []),
    t('email.appointment.where', { where: `${visit.clinicName}, ${visit.clinicAddress}` }),
    ...preparationLines(visit, texts),
  ];
}

export function appointmentEmail(input: AppointmentEmailInput, texts: MailTexts): OutboxMessage {
  const { t } = texts;
  const lines = [
    t('email.greeting', { name: input.patientName }),
    '',
    leadOf(input, texts),
    ...input.visits.flatMap((visit) => ['', ...visitLines(visit, texts)]),
    ...walkInLines(
      input.visits.flatMap((visit) => visit.walkIns ?? []),
      texts,
    ),
    '',
    t('email.appointment.link'),
    input.pending
      ? pendingAppointmentLink(input.publicUrl, input.bookingKey, texts.locale)
      : appointmentLink(input.publicUrl, input.bookingKey, texts.locale),
  ];
  return {
    channel: 'email',
    recipient: input.to,
    subject: subjectOf(input, texts),
    body: lines.join('\n'),
    reference: keyRef(input.bookingKey),
  };
}

export interface BookingRequestEmailInput {
  publicUrl: string;
  bookingKey: string;
  to: string;
  patientName: string;
  exams: Pick<MailExam, 'slug' | 'name'>[];
  clinicName: string;
}

export function bookingRequestEmail(
  input: BookingRequestEmailInput,
  texts: MailTexts,
): OutboxMessage {
  const { t } = texts;
  const lines = [
    t('email.greeting', { name: input.patientName }),
    '',
    t('email.request.received'),
    '',
    t('email.request.exams', { exams: input.exams.map(texts.examName).join(', ') }),
    ...(input.clinicName ? [t('email.request.clinic', { clinic: input.clinicName })] : []),
    '',
    t('email.request.link'),
    bookingRequestLink(input.publicUrl, input.bookingKey, texts.locale),
  ];
  return {
    channel: 'email',
    recipient: input.to,
    subject: t('email.request.subject'),
    body: lines.join('\n'),
    reference: keyRef(input.bookingKey),
  };
}
