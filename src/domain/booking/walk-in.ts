/**
 * Spec 4 "Walk-in" (R-4-slots-16..18): with two or more modalities chosen
 * and a walk-in pairing at the clinic, a modal explains that the walk-in
 * exams need no appointment; afterwards only the other exams are booked,
 * with procedureTab multiple when more than two modalities were chosen,
 * else single (unless several exams remain to be booked).
 */
import type { Exam, WalkInExam } from '../../contract/booking';
import type { ProcedureTab } from './flow-params';

export interface WalkInPairing {
  /** The clinic's walk-ins that cover some of the chosen exams. */
  walkIns: WalkInExam[];
  /** Chosen exams that become walk-ins (no appointment). */
  walkInExams: Exam[];
  /** Chosen exams still booked, in their order. */
  booked: Exam[];
  /** R-4-slots-18: procedureTab after the modal. */
  procedureTab: ProcedureTab;
}

/**
 * The clinic's walk-in for an exam. The contract names a walk-in by clinic,
 * modality and name only, so an exam matches a walk-in of its modality whose
 * name starts with the exam's name ("Chest X-ray walk-in" ↔ "Chest X-ray"):
 * an X-ray knee is not a walk-in because chest X-rays are.
 */
export function walkInForExam(
  exam: Pick<Exam, 'name' | 'modalityId'>,
  walkIns: readonly WalkInExam[],
  clinicId: number,
): WalkInExam | null {
  const name = exam.name.trim().toLocaleLowerCase();
  return (
    walkIns.find(
      (walkIn) =>
        walkIn.clinicId === clinicId &&
        walkIn.modalityId === exam.modalityId &&
        name !== '' &&
        walkIn.name.trim().toLocaleLowerCase().startsWith(name),
    ) ?? null
  );
}

/**
 * The pairing at a clinic, or null: at least two modalities are chosen, the
 * clinic takes some chosen exams as walk-ins, and at least one other exam
 * still needs an appointment (the visit the walk-in pairs with).
 */
export function walkInPairing(
  selected: readonly Exam[],
  walkIns: readonly WalkInExam[],
  clinicId: number,
): WalkInPairing | null {
  const modalities = new Set(selected.map((exam) => exam.modalityId));
  if (modalities.size < 2) return null;
  const matched = selected.map((exam) => walkInForExam(exam, walkIns, clinicId));
  const walkInExams = selected.filter((_, index) => matched[index]);
  const booked = selected.filter((_, index) => !matched[index]);
  if (walkInExams.length === 0 || booked.length === 0) return null;
  return {
    walkIns: [...new Set(matched.filter((walkIn): walkIn is WalkInExam => walkIn !== null))],
    walkInExams,
    booked,
    // Several exams of one remaining modality stay several: single would drop all but the first.
    procedureTab: modalities.size > 2 || booked.length > 1 ? 'multiple' : 'single',
  };
}
