/**
 * The cancellation e-mail (spec 4 "Cancel", R-4-cancel-04): a patient who
 * cancels is told so in writing, in the language they booked in. It is
 * queued in the cancelling transaction, so it goes out exactly when the
 * appointment is cancelled. A booking's confirmation may still be waiting
 * for its other exams (booking-confirmation.ts): it stops gathering, and the
 * cancellation goes out after it, never before a confirmation that still
 * lists the cancelled exam (issue 13 attack run).
 */
import { appointmentMailFacts } from '../db/appointment-mail.repo.js';
import { insertOutboxMessage } from '../db/booking.repo.js';
import { closeGathering } from '../db/outbox.repo.js';
import type { Queryable } from '../db/db.js';
import { clinicAddress } from './booking-common.js';
import { portalLink } from './booking-emails.js';
import { mailTexts } from './mail-texts.js';

export async function queueCancellationEmail(
  q: Queryable,
  appointmentId: number,
  publicUrl: string,
): Promise<void> {
  const facts = await appointmentMailFacts(q, appointmentId);
  if (!facts || !facts.patientEmail) return;
  const texts = await mailTexts(q, facts.locale);
  const { t } = texts;
  const when = texts.when(facts.startMs, facts.timeZone);
  const exam = texts.examName({ slug: facts.examSlug, name: facts.examName });
  const body = [
    t('email.greeting', { name: `${facts.patientFirstName} ${facts.patientLastName}` }),
    '',
    t('email.cancel.done'),
    '',
    t('email.appointment.exam', { exam }),
    t('email.cancel.was', {
      when,
      zone: facts.timeZone,
      abbr: texts.zone(facts.startMs, facts.timeZone),
    }),
    t('email.appointment.where', { where: `${facts.clinicName}, ${clinicAddress(facts)}` }),
    '',
    t('email.cancel.book_again'),
    portalLink(publicUrl, '/', texts.locale),
    '',
    t('email.cancel.not_you', { clinic: facts.clinicName, phone: facts.clinicPhone }),
  ].join('\n');
  const confirmationDue = await closeGathering(q, facts.reference);
  await insertOutboxMessage(q, {
    dueInSeconds: confirmationDue > 0 ? confirmationDue + 1 : 0,
    channel: 'email',
    recipient: facts.patientEmail,
    subject: t('email.cancel.subject', { exam, when }),
    body,
    reference: facts.reference,
  });
}
