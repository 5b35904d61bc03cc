/**
 * The cancellation e-mail (spec 4 "Cancel", R-4-cancel-04): a patient who
 * cancels is told so in writing. It is queued in the cancelling
 * transaction, so it goes out exactly when the appointment is cancelled.
 */
import { appointmentMailFacts } from '../db/appointment-mail.repo.js';
import { insertOutboxMessage } from '../db/booking.repo.js';
import type { Queryable } from '../db/db.js';
import { clinicAddress } from './booking-common.js';
import { clinicLocalText } from './booking-emails.js';

export async function queueCancellationEmail(
  q: Queryable,
  appointmentId: number,
  publicUrl: string,
): Promise<void> {
  const facts = await appointmentMailFacts(q, appointmentId);
  if (!facts || !facts.patientEmail) return;
  const when = clinicLocalText(facts.startMs, facts.timeZone);
  const where = `${facts.clinicName}, ${clinicAddress(facts)}`;
  const body = [
    `Dear ${facts.patientFirstName} ${facts.patientLastName},`,
    '',
    'Your appointment is cancelled, as you asked.',
    '',
    `Exam: ${facts.examName}`,
    `Was: ${when} (${facts.timeZone} time)`,
    `Where: ${where}`,
    '',
    'The time is free for someone else now. To book a new time:',
    `${publicUrl}/`,
    '',
    'If you did not cancel this appointment, please call the clinic.',
  ].join('\n');
  await insertOutboxMessage(q, {
    channel: 'email',
    recipient: facts.patientEmail,
    subject: `Your ${facts.examName} appointment on ${when} is cancelled`,
    body,
    reference: facts.reference,
  });
}
