/**
 * What the patient's questionnaire answers mean for the visit (PATIENT_NOTE
 * outcomes, issue 13), for the booking summary: the server's verdict on the
 * answers stored under the flow's key, for the exams being booked. Loaded
 * only while a summary shows it (the steps after the questionnaires).
 */
import { atom, computed, onMount } from 'nanostores';
import { processOutcomes } from '../../src/api/questionnaires';
import type { PatientNote } from '../../src/contract/questionnaire';
import { keyedLoader, type Loadable } from '../../src/stores/loadable';
import { $booking } from './booking.store';

const $notesQuery = computed($booking, ({ params }) =>
  params.bookingKey && params.examSlugs.length > 0
    ? { bookingKey: params.bookingKey, examSlugs: params.examSlugs }
    : null,
);

export const $answerNotes = atom<Loadable<PatientNote[]>>({ state: 'idle' });
const loader = keyedLoader($answerNotes, $notesQuery, async (query, signal) => {
  const outcome = await processOutcomes(query, { signal });
  return outcome.notes;
});
onMount($answerNotes, () => loader.start());
