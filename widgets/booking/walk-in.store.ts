/**
 * Walk-ins at the chosen clinic (spec 4 "Walk-in", R-4-slots-14..18):
 * GET walk_in_exams once a clinic is chosen and walk-ins are enabled; the
 * pairing with the chosen exams; and what accepting it does.
 */
import { atom, computed, onMount } from 'nanostores';
import { getWalkInExams } from '../../src/api/booking-catalogue';
import type { Exam, WalkInExam } from '../../src/contract/booking';
import { walkInForExam, walkInPairing } from '../../src/domain/booking/walk-in';
import { $bookingFormConfig } from '../../src/stores/config.store';
import { $booking, updateParams } from './booking.store';
import { $selectedExams } from './catalogue.store';
import { keyedLoader, valueOf, type Loadable } from '../../src/stores/loadable';

const $walkInClinic = computed([$booking, $bookingFormConfig], ({ params }, config) =>
  config?.walkInEnabled && params.selectedClinic !== null && params.examSlugs.length > 0
    ? params.selectedClinic
    : null,
);

export const $walkIns = atom<Loadable<WalkInExam[]>>({ state: 'idle' });
const loader = keyedLoader($walkIns, $walkInClinic, (clinicId, signal) =>
  getWalkInExams(clinicId, { signal }),
);
onMount($walkIns, () => loader.start());

/** The chosen clinic's walk-in for an exam (R-4-slots-14: "has a walk-in exam"). */
export function walkInFor(exam: Pick<Exam, 'name' | 'modalityId'>): WalkInExam | null {
  const clinicId = $walkInClinic.get();
  return clinicId === null ? null : walkInForExam(exam, valueOf($walkIns.get()) ?? [], clinicId);
}

/** R-4-slots-17: the pairing the walk-in modal explains, while the clinic's walk-ins are known. */
export const $walkInPairing = computed(
  [$walkIns, $selectedExams, $walkInClinic],
  (walkIns, exams, clinicId) =>
    clinicId === null ? null : walkInPairing(exams, valueOf(walkIns) ?? [], clinicId),
);

/** The walk-ins the patient accepted (shown as a reminder while booking the rest). */
export const $acceptedWalkIns = atom<WalkInExam[]>([]);

/**
 * R-4-slots-18: after the walk-in modal only the other exams are booked,
 * procedureTab multiple with more than 2 modalities, else single.
 */
export function acceptWalkIn(): void {
  const pairing = $walkInPairing.get();
  if (!pairing) return;
  const { params } = $booking.get();
  const keep = params.examSlugs.flatMap((slug, index) =>
    pairing.booked.some((exam) => exam.slug === slug) ? [index] : [],
  );
  const pick = <T>(items: readonly T[]) => keep.map((index) => items[index] ?? null);
  $acceptedWalkIns.set(pairing.walkIns);
  updateParams({
    procedureTab: pairing.procedureTab,
    examSlugs: keep.map((index) => params.examSlugs[index]!),
    dates: pick(params.dates),
    slots: pick(params.slots),
  });
}
