/**
 * One confirmation e-mail per booking (issue 13): the exams of one booking
 * reach the API as one call each, in parallel. Each call's transaction has
 * claimed the booking key (booking-common claimKey locks its row), so they
 * run one after the other here: the first queues the confirmation
 * GATHER_SECONDS ahead, each next one rewrites that unsent message with
 * every visit so far. A visit booked after it went out gets its own e-mail.
 */
import { lockGatheringMessage, saveGatheringMessage } from '../db/booking.repo.js';
import type { Queryable } from '../db/db.js';
import { keyRef } from '../db/secrets.js';
import { appointmentEmail, type AppointmentEmailInput, type MailVisit } from './booking-emails.js';
import type { MailTexts } from './mail-texts.js';

/** How long a confirmation waits for the other exams of its booking. */
export const GATHER_SECONDS = 5;

const topicOf = (pending: boolean | undefined) =>
  pending ? 'appointment.pending' : 'appointment.booked';

/** The confirmation with `earlier` visits (a gathering message's) and the input's, earliest first. */
function confirmation(input: AppointmentEmailInput, texts: MailTexts, earlier: MailVisit[] = []) {
  const visits = [...earlier, ...input.visits].sort((a, b) => a.startMs - b.startMs);
  const message = appointmentEmail({ ...input, visits }, texts);
  return { ...message, topic: topicOf(input.pending), visits, delaySeconds: GATHER_SECONDS };
}

/**
 * The confirmation of a booking's first visit, for book_appointment to queue
 * (it refuses with BK004 when another of the key is gathering after all).
 */
export const firstConfirmation = (input: AppointmentEmailInput, texts: MailTexts) =>
  confirmation(input, texts);

export async function queueConfirmation(
  tx: Queryable,
  input: AppointmentEmailInput,
  texts: MailTexts,
): Promise<void> {
  const topic = topicOf(input.pending);
  const open = await lockGatheringMessage<MailVisit>(tx, keyRef(input.bookingKey), topic, input.to);
  const message = confirmation(input, texts, open?.visits);
  await saveGatheringMessage(tx, message, GATHER_SECONDS, open?.id);
}
