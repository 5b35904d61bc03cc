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

export async function queueConfirmation(
  tx: Queryable,
  input: AppointmentEmailInput,
  texts: MailTexts,
): Promise<void> {
  const reference = keyRef(input.bookingKey);
  const topic = topicOf(input.pending);
  const open = await lockGatheringMessage<MailVisit>(tx, reference, topic, input.to);
  const visits = [...(open?.visits ?? []), ...input.visits].sort((a, b) => a.startMs - b.startMs);
  const message = appointmentEmail({ ...input, visits }, texts);
  await saveGatheringMessage(tx, { ...message, topic, visits }, GATHER_SECONDS, open?.id);
}
