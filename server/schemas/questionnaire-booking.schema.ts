/** The schemas of what the questionnaires know of the booking (src/contract/questionnaire-booking.ts). */
import { Type, type Static } from '@sinclair/typebox';
import type { PatientNote, QuestionnaireExam } from '../../src/contract/questionnaire-booking.js';
import { assertSameShape, type Equal } from './common.js';

const S = Type.String();
const Int = Type.Integer();

export const QuestionnaireExamSchema = Type.Object({
  slug: S,
  name: S,
  modalityId: Int,
  modality: Type.String({ description: "The modality's slug" }),
  bodyPart: Type.Union([Type.String({ description: "The body part's slug" }), Type.Null()]),
});
assertSameShape<Equal<Static<typeof QuestionnaireExamSchema>, QuestionnaireExam>>();

/** A PATIENT_NOTE outcome's note: a message key and its values. */
export const PatientNoteSchema = Type.Object({ message: S, messageParams: Type.Record(S, S) });
assertSameShape<Equal<Static<typeof PatientNoteSchema>, PatientNote>>();
