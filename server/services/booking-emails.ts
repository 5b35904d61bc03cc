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

export interface AppointmentEmailInput {
  publicUrl: string;
  bookingKey: string;
  to: string;
  patientName: string;
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
  /** A pending appointment: the clinic still confirms it (R-2.1-24 confirmation page). */
  pending?: boolean;
  /** R-4-status-04: this appointment replaces one that started then (a reschedule or change). */
  movedFrom?: { startMs: number; timeZone: string } | null;
  /** Spec 4 "Walk-in": the walk-ins that go with this visit. */
  walkIns?: readonly WalkInNote[];
}

export function appointmentLink(publicUrl: string, bookingKey: string): string {
  return `${publicUrl}/appointments/${encodeURIComponent(bookingKey)}`;
}

export function pendingAppointmentLink(publicUrl: string, bookingKey: string): string {
  return `${publicUrl}/appointments/pending/${encodeURIComponent(bookingKey)}`;
}

export function bookingRequestLink(publicUrl: string, bookingKey: string): string {
  return `${publicUrl}/booking-requests/${encodeURIComponent(bookingKey)}`;
}

/** "How to prepare": the exam's preparation, then what the patient's answers add. */
function preparationLines(input: AppointmentEmailInput, texts: MailTexts): string[] {
  const parts = [texts.preparation(input.exam), ...(input.notes ?? [])].filter(Boolean);
  return parts.length > 0 ? ['', texts.t('email.appointment.prepare'), parts.join('\n\n')] : [];
}

function subjectOf(input: AppointmentEmailInput, texts: MailTexts, when: string): string {
  const exam = texts.examName(input.exam);
  if (input.pending) return texts.t('email.appointment.subject_pending', { exam, when });
  if (input.movedFrom) return texts.t('email.appointment.subject_rescheduled', { exam, when });
  return texts.t('email.appointment.subject', { exam, when });
}

export function appointmentEmail(input: AppointmentEmailInput, texts: MailTexts): OutboxMessage {
  const { t } = texts;
  const when = texts.when(input.startMs, input.timeZone);
  const zone = { zone: input.timeZone, abbr: texts.zone(input.startMs, input.timeZone) };
  const moved = input.movedFrom;
  const was = moved && texts.when(moved.startMs, moved.timeZone);
  const lines = [
    t('email.greeting', { name: input.patientName }),
    '',
    input.pending
      ? t('email.appointment.pending')
      : was
        ? t('email.appointment.rescheduled', { was, when })
        : t('email.appointment.booked'),
    '',
    t('email.appointment.exam', { exam: texts.examName(input.exam) }),
    t('email.appointment.when', { when, ...zone }),
    ...(was
      ? [
          t('email.appointment.was', {
            was,
            zone: moved.timeZone,
            abbr: texts.zone(moved.startMs, moved.timeZone),
          }),
        ]
      : []),
    t('email.appointment.where', { where: `${input.clinicName}, ${input.clinicAddress}` }),
    ...preparationLines(input, texts),
    ...walkInLines(input.walkIns ?? [], texts),
    '',
    t('email.appointment.link'),
    input.pending
      ? pendingAppointmentLink(input.publicUrl, input.bookingKey)
      : appointmentLink(input.publicUrl, input.bookingKey),
  ];
  return {
    channel: 'email',
    recipient: input.to,
    subject: subjectOf(input, texts, when),
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
    bookingRequestLink(input.publicUrl, input.bookingKey),
  ];
  return {
    channel: 'email',
    recipient: input.to,
    subject: t('email.request.subject'),
    body: lines.join('\n'),
    reference: keyRef(input.bookingKey),
  };
}
