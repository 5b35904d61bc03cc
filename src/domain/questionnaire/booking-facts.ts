/**
 * What a questionnaire's conditions may know about the booking it is asked
 * for (docs/questionnaire-format.md "The booking's facts"): the exams, their
 * modalities and body parts, read as `{booking.examSlugs}`,
 * `{booking.modalities}` and `{booking.bodyParts}`. The renderer and the
 * server build them from the same exams, so a choice hidden from the patient
 * is refused by the server too.
 */
import type { ExpressionValues } from './expression';

/** The variable the facts are read under; no question may have this name. */
export const BOOKING_VARIABLE = 'booking';

/** One exam as conditions see it (slugs, as the catalogue names them). */
export interface ExamFacts {
  slug: string;
  /** The modality's slug: mri, ct, x-ray, ultrasound, mammography… */
  modality: string;
  /** The body part's slug (knee, chest, breast…), or null. */
  bodyPart: string | null;
}

export interface BookingFacts {
  examSlugs: string[];
  modalities: string[];
  bodyParts: string[];
}

const unique = (values: readonly (string | null)[]): string[] => [
  ...new Set(values.filter((value): value is string => !!value)),
];

/** The facts of the exams being booked (or of the booked exam, after booking). */
export function bookingFacts(exams: readonly ExamFacts[]): BookingFacts {
  return {
    examSlugs: unique(exams.map((exam) => exam.slug)),
    modalities: unique(exams.map((exam) => exam.modality)),
    bodyParts: unique(exams.map((exam) => exam.bodyPart)),
  };
}

/** The extra variables conditions see besides the answers. */
export function bookingContext(exams: readonly ExamFacts[]): ExpressionValues {
  return { [BOOKING_VARIABLE]: bookingFacts(exams) };
}
