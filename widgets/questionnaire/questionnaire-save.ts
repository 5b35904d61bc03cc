/**
 * R-4-quest-02: the save call of each kind of questionnaire. Before booking
 * every answer is temporary, under the flow's key; after booking the call
 * depends on where the questionnaire came from and on its type.
 */
import type { Answers } from '../../src/contract/questionnaire';
import { ApiError } from '../../src/api/errors';
import {
  saveAppointmentAnswer,
  saveBookingRequestAnswer,
  saveConsentFormResult,
  saveFeedback,
  savePainScore,
  saveProtocol,
  saveTemporaryAnswer,
} from '../../src/api/questionnaires';
import type { FlowContext } from '../../src/domain/questionnaire/flow-context';
import type { BookingOfKey } from './booking-of-key';
import type { AskItem } from './questionnaire-queue';

interface SaveBody {
  questionnaireId: number;
  questionnaireResult: Answers;
  examSlug: string | null;
}

type Saver = (slug: string, body: SaveBody) => Promise<unknown>;

/** After booking, in order: the first rule that matches the item and the booking saves it. */
const AFTER_BOOKING: readonly {
  matches: (item: AskItem, booking: BookingOfKey) => boolean;
  save: Saver;
}[] = [
  {
    matches: (item) => item.source === 'consent',
    save: (slug, body) =>
      saveConsentFormResult(slug, body.questionnaireId, {
        questionnaireResult: body.questionnaireResult,
      }),
  },
  { matches: (item) => item.source === 'feedback', save: saveFeedback },
  {
    matches: (item) => item.type === 'PAIN_SCORE_INITIAL' || item.type === 'PAIN_SCORE_FINAL',
    save: savePainScore,
  },
  {
    matches: (item, booking) => item.type === 'PROTOCOL' && booking.kind === 'booking-request',
    save: saveProtocol,
  },
  { matches: (_item, booking) => booking.kind === 'appointment', save: saveAppointmentAnswer },
  { matches: () => true, save: saveBookingRequestAnswer },
];

/** Saves the answers of `item` with the call its kind needs. */
export async function saveAnswers(
  context: FlowContext,
  booking: BookingOfKey | null,
  item: AskItem,
  answers: Answers,
): Promise<void> {
  const body = { questionnaireId: item.id, questionnaireResult: answers, examSlug: item.examSlug };
  if (context.mode === 'before') {
    // Every exam booked: the server checks the answers with the facts the patient saw them with.
    await saveTemporaryAnswer({
      ...body,
      bookingKey: context.bookingKey ?? '',
      examSlugs: context.examSlugs,
    });
    return;
  }
  if (!booking) throw new ApiError(404, { message: 'message.appointment_not_found' });
  const rule = AFTER_BOOKING.find((candidate) => candidate.matches(item, booking));
  await rule!.save(booking.slug, body);
}

/** R-8-04..07: the message of a failed save, by type. */
export function saveErrorKey(item: AskItem): string {
  if (item.type === 'PROTOCOL') return 'message.booking_request_waiting_protocol_error';
  return 'message.error_answering_questionnaire';
}
