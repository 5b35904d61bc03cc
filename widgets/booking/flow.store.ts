/**
 * The verbs of the flow's first steps and what each step needs: which step
 * a URL can show ($visibleStep) and where "Continue" goes.
 */
import { computed } from 'nanostores';
import type { Exam } from '../../src/contract/booking';
import type { ProcedureTab } from '../../src/domain/booking/flow-params';
import { nextStep, reachableStep, type FlowFacts } from '../../src/domain/booking/flow-steps';
import { $booking, goToStep, updateParams } from './booking.store';
import { $exams, $selectedExams } from './catalogue.store';

/** Indices of the chosen exams that are booked online and so need a slot. */
export function bookableIndices(slugs: readonly string[], exams: readonly Exam[]): number[] {
  return slugs.flatMap((slug, index) => {
    const exam = exams.find((item) => item.slug === slug);
    return exam && !exam.enquiryOnly ? [index] : [];
  });
}

/**
 * A questionnaire outcome (CREATE_BOOKING_REQUEST) turned the booking into a
 * booking request: the questionnaire flow continues with isBookingRequest=true,
 * and every exam is then sent as a request, without a time.
 */
export function isBookingRequestFlow(params: { extra: readonly [string, string][] }): boolean {
  return params.extra.some(([name, value]) => name === 'isBookingRequest' && value === 'true');
}

export const $flowFacts = computed(
  [$booking, $selectedExams],
  ({ params }, selected): FlowFacts => {
    const bookable = isBookingRequestFlow(params)
      ? []
      : bookableIndices(params.examSlugs, selected);
    return {
      hasExams: selected.length > 0,
      hasClinic: params.selectedClinic !== null,
      needsSlots: bookable.length > 0,
      allSlotsChosen: bookable.every((index) => params.slots[index] != null),
    };
  },
);

/** The step shown: the URL's, unless a choice it needs is missing. Null until the exams are known. */
export const $visibleStep = computed([$booking, $flowFacts, $exams], ({ route }, facts, exams) => {
  if (route.step === 'confirmation') return 'confirmation';
  if (exams.state !== 'loaded') return exams.state === 'failed' ? route.step : null;
  return reachableStep(route.step, facts);
});

/**
 * A URL asked for a step whose choices are missing: the step shown replaces
 * it in the address bar. It reads the stores, not a render's values, which
 * may be older than a host navigation that just happened.
 */
export function alignStep(): void {
  const shown = $visibleStep.get();
  const { route } = $booking.get();
  if (shown && route.step !== shown && route.step !== 'confirmation')
    goToStep(shown, {}, { replace: true });
}

/** Only exams of one kind go together: an enquiry is sent on its own (R-4-create-03/04). */
export function canAddExam(exam: Exam, selected: readonly Exam[]): boolean {
  return selected.every((other) => other.enquiryOnly === exam.enquiryOnly);
}

export function setProcedureTab(tab: ProcedureTab): void {
  const { params } = $booking.get();
  const keep = tab === 'single' ? 1 : params.examSlugs.length;
  updateParams({
    procedureTab: tab,
    examSlugs: params.examSlugs.slice(0, keep),
    dates: params.dates.slice(0, keep),
    slots: params.slots.slice(0, keep),
  });
}

export function chooseModality(slug: string | null): void {
  updateParams({ modality: slug, bodyPart: null });
}

export function chooseBodyPart(slug: string | null): void {
  updateParams({ bodyPart: slug, modality: null });
}

/** Chooses an exam (single) or adds or removes it (multiple); slots and dates stay with their exam. */
export function toggleExam(slug: string): void {
  const { params } = $booking.get();
  const index = params.examSlugs.indexOf(slug);
  if (params.procedureTab === 'single') {
    updateParams({ examSlugs: index === 0 ? [] : [slug], dates: [], slots: [] });
    return;
  }
  if (index >= 0) {
    const without = <T>(items: T[]) => items.filter((_, i) => i !== index);
    updateParams({
      examSlugs: without(params.examSlugs),
      dates: without(params.dates),
      slots: without(params.slots),
    });
  } else {
    updateParams({ examSlugs: [...params.examSlugs, slug] });
  }
}

export function continueFromExams(): void {
  goToStep(nextStep('exam', $flowFacts.get()));
}

/** Chooses the clinic and moves on; without an exam yet, the exam step comes next (navigateFromClinic). */
export function chooseClinic(clinicId: number): void {
  const { params } = $booking.get();
  const changed = params.selectedClinic !== clinicId;
  const patch = {
    selectedClinic: clinicId,
    navigateFromClinic: params.examSlugs.length === 0 || params.navigateFromClinic,
    ...(changed ? { slots: [], dates: [], week: null, mobileLocationId: null } : {}),
  };
  goToStep(nextStep('clinic', { ...$flowFacts.get(), hasClinic: true }), patch);
}

/**
 * R-4-slots-15: 'back' from the booking-request info modal returns to the
 * first step (/) with procedureTab multiple when several exams are chosen,
 * else single; the choices stay so the patient can change them.
 */
export function backFromRequestInfo(): void {
  const { params, route } = $booking.get();
  goToStep(
    'exam',
    { procedureTab: params.examSlugs.length > 1 ? 'multiple' : 'single' },
    { replace: route.step === 'exam' },
  );
}

/** Opens an earlier step from the summary ("Change"). */
export function changeStep(step: 'exam' | 'clinic' | 'slots'): void {
  goToStep(step);
}

export interface Preselection {
  examSlug?: string;
  modality?: string;
  regionSlug?: string;
  clinicId?: number;
  kioskMode?: boolean;
  /** The host page gave a path: it owns the step, so the step is not moved on. */
  hostRouted: boolean;
}

/**
 * The element's attributes open the flow preselected (design card "custom elements"): they
 * fill what the URL does not say. Returns true when, without a host router, a
 * preselected exam should leave the exam step at once: the caller continues
 * as "Continue" would (through the exam's questionnaires, then the clinic
 * step, or the slots when a clinic is preselected too).
 */
export function applyPreselection(pre: Preselection): boolean {
  const { params, route } = $booking.get();
  const patch: Partial<typeof params> = {};
  if (pre.examSlug && params.examSlugs.length === 0) patch.examSlugs = [pre.examSlug];
  if (pre.modality && !params.modality) patch.modality = pre.modality;
  if (pre.regionSlug && params.regionSlug === 'select-region') patch.regionSlug = pre.regionSlug;
  if (pre.clinicId && params.clinicId === null) {
    patch.clinicId = pre.clinicId;
    patch.selectedClinic = params.selectedClinic ?? pre.clinicId;
  }
  if (pre.kioskMode && !params.kioskMode) patch.kioskMode = true;
  if (Object.keys(patch).length === 0) return false;
  const merged = { ...params, ...patch };
  updateParams(patch, true);
  return !pre.hostRouted && route.step === 'exam' && merged.examSlugs.length > 0;
}
