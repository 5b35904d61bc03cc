/**
 * Plain-text confirmation e-mails of appointments and booking requests,
 * written to the outbox in the booking's transaction. Links point at the
 * portal's confirmation pages (R-2.1-23, R-2.1-25) under PUBLIC_URL.
 */
import type { OutboxMessage } from '../db/booking.repo.js';
import { dateTimeFormat } from '../../src/domain/time/intl.js';
import { keyRef } from '../db/secrets.js';
import type { WalkInNote } from '../../src/contract/booking.js';
import { walkInLines } from './walk-in-notes.js';

export interface AppointmentEmailInput {
  publicUrl: string;
  bookingKey: string;
  to: string;
  patientName: string;
  examName: string;
  clinicName: string;
  clinicAddress: string;
  startMs: number;
  timeZone: string;
  preparation: string;
  /** The texts of the PATIENT_NOTE outcomes for this visit, under "How to prepare". */
  notes?: readonly string[];
  /** A pending appointment: the clinic still confirms it (R-2.1-24 confirmation page). */
  pending?: boolean;
  /** R-4-status-04: this appointment replaces one that started then (a reschedule or change). */
  movedFrom?: { startMs: number; timeZone: string } | null;
  /** Spec 4 "Walk-in": the walk-ins that go with this visit. */
  walkIns?: readonly WalkInNote[];
}

/** 'Monday 23 November 2026 at 9:00 am' on the clinic's clock. */
export function clinicLocalText(instantMs: number, timeZone: string): string {
  const format = dateTimeFormat('en-AU', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return format.format(new Date(instantMs)).replace(/,/g, '');
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
function preparationLines(preparation: string, notes: readonly string[]): string[] {
  const parts = [preparation, ...notes].filter(Boolean);
  return parts.length > 0 ? ['', 'How to prepare:', parts.join('\n\n')] : [];
}

export function appointmentEmail(input: AppointmentEmailInput): OutboxMessage {
  const when = clinicLocalText(input.startMs, input.timeZone);
  const moved = input.movedFrom;
  const was = moved && clinicLocalText(moved.startMs, moved.timeZone);
  const lines = [
    `Dear ${input.patientName},`,
    '',
    input.pending
      ? 'We have reserved this appointment for you. The clinic will confirm it shortly.'
      : was
        ? `Your appointment is rescheduled from ${was} to ${when}.`
        : 'Your appointment is booked.',
    '',
    `Exam: ${input.examName}`,
    `When: ${when} (${input.timeZone} time)`,
    ...(was ? [`Was: ${was} (${moved.timeZone} time), now free for someone else`] : []),
    `Where: ${input.clinicName}, ${input.clinicAddress}`,
    ...preparationLines(input.preparation, input.notes ?? []),
    ...walkInLines(input.walkIns ?? []),
    '',
    'See, change or cancel your appointment, and add it to your calendar:',
    input.pending
      ? pendingAppointmentLink(input.publicUrl, input.bookingKey)
      : appointmentLink(input.publicUrl, input.bookingKey),
  ];
  return {
    channel: 'email',
    recipient: input.to,
    subject: input.pending
      ? `Your ${input.examName} appointment request for ${when}`
      : was
        ? `Your ${input.examName} appointment is rescheduled to ${when}`
        : `Your ${input.examName} appointment on ${when}`,
    body: lines.join('\n'),
    reference: keyRef(input.bookingKey),
  };
}

export interface BookingRequestEmailInput {
  publicUrl: string;
  bookingKey: string;
  to: string;
  patientName: string;
  examNames: string[];
  clinicName: string;
}

export function bookingRequestEmail(input: BookingRequestEmailInput): OutboxMessage {
  const lines = [
    `Dear ${input.patientName},`,
    '',
    'We received your booking request and will contact you to arrange a time.',
    '',
    `Exams: ${input.examNames.join(', ')}`,
    ...(input.clinicName ? [`Clinic: ${input.clinicName}`] : []),
    '',
    'See your request:',
    bookingRequestLink(input.publicUrl, input.bookingKey),
  ];
  return {
    channel: 'email',
    recipient: input.to,
    subject: 'We received your booking request',
    body: lines.join('\n'),
    reference: keyRef(input.bookingKey),
  };
}
