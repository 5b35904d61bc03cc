/**
 * What can be booked: modalities, body parts and exams (spec 3 "Exam"),
 * each loaded once when first shown. The catalogue is small, so every exam
 * is loaded and filtered here by modality or body part.
 */
import { atom, computed, onMount } from 'nanostores';
import { getBodyParts, getExams, getModalities } from '../../src/api/booking-catalogue';
import type { BodyPart, Exam, Modality } from '../../src/contract/booking';
import { $booking } from './booking.store';
import { loadOnce, valueOf, type Loadable } from '../../src/stores/loadable';

export const $modalities = atom<Loadable<Modality[]>>({ state: 'idle' });
export const $bodyParts = atom<Loadable<BodyPart[]>>({ state: 'idle' });
export const $exams = atom<Loadable<Exam[]>>({ state: 'idle' });

onMount(
  $modalities,
  loadOnce($modalities, () => getModalities()),
);
onMount(
  $bodyParts,
  loadOnce($bodyParts, () => getBodyParts()),
);
onMount(
  $exams,
  loadOnce($exams, () => getExams()),
);

/** Exams in the order a patient scans a list: priority, then name. */
function byPriority(a: Exam, b: Exam): number {
  return a.priority - b.priority || a.name.localeCompare(b.name);
}

/** The chosen modality (its slug is in the URL). */
export const $chosenModality = computed(
  [$modalities, $booking],
  (modalities, { params }) =>
    valueOf(modalities)?.find((modality) => modality.slug === params.modality) ?? null,
);

/** The exams the picker lists: of the chosen modality or body part; none until one is chosen. */
export const $pickerExams = computed(
  [$exams, $chosenModality, $booking],
  (exams, modality, { params }): Exam[] => {
    const all = valueOf(exams) ?? [];
    if (modality) return all.filter((exam) => exam.modalityId === modality.id).sort(byPriority);
    if (params.bodyPart)
      return all.filter((exam) => exam.bodyPart === params.bodyPart).sort(byPriority);
    return [];
  },
);

/** The chosen exams, by exam index (spec 3 "selected exam"). */
export const $selectedExams = computed([$exams, $booking], (exams, { params }): Exam[] => {
  const all = valueOf(exams) ?? [];
  return params.examSlugs.flatMap((slug) => all.find((exam) => exam.slug === slug) ?? []);
});

/** The body parts that have at least one exam (others are not offered on the figure). */
export const $bookableBodyParts = computed([$bodyParts, $exams], (parts, exams): BodyPart[] => {
  const used = new Set((valueOf(exams) ?? []).map((exam) => exam.bodyPart));
  return (valueOf(parts) ?? []).filter((part) => used.has(part.slug));
});
