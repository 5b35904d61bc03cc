/**
 * What can be booked: modalities, body parts and exams (spec 3 "Exam"),
 * each loaded once when first shown. The catalogue is small, so every exam
 * is loaded and filtered here by modality or body part. Names and notes
 * read in the patient's language: the provider's translations by slug
 * over what the API sends (issue 13 part 8), again whenever the texts change.
 */
import { atom, computed, onMount, type ReadableAtom } from 'nanostores';
import { getBodyParts, getExams, getModalities } from '../../src/api/booking-catalogue';
import type { BodyPart, Exam, Modality } from '../../src/contract/booking';
import { catalogueKey, localizeExam, localizeNamed } from '../../src/domain/i18n/catalogue-texts';
import { $i18nVersion, textOr } from '../../src/i18n/i18n';
import { $booking } from './booking.store';
import { loadOnce, mapLoaded, valueOf, type Loadable } from '../../src/stores/loadable';

const $loadedModalities = atom<Loadable<Modality[]>>({ state: 'idle' });
const $loadedBodyParts = atom<Loadable<BodyPart[]>>({ state: 'idle' });
const $loadedExams = atom<Loadable<Exam[]>>({ state: 'idle' });

onMount(
  $loadedModalities,
  loadOnce($loadedModalities, () => getModalities()),
);
onMount(
  $loadedBodyParts,
  loadOnce($loadedBodyParts, () => getBodyParts()),
);
onMount(
  $loadedExams,
  loadOnce($loadedExams, () => getExams()),
);

/** A loaded list with each item in the current texts. */
function inTexts<T>(
  source: ReadableAtom<Loadable<T[]>>,
  localize: (item: T) => T,
): ReadableAtom<Loadable<T[]>> {
  return computed([source, $i18nVersion], (loadable) =>
    mapLoaded(loadable, (list) => list.map(localize)),
  );
}

export const $modalities = inTexts($loadedModalities, (modality) =>
  localizeNamed(modality, catalogueKey.modality, textOr),
);
export const $bodyParts = inTexts($loadedBodyParts, (part) =>
  localizeNamed(part, catalogueKey.bodyPart, textOr),
);
export const $exams = inTexts($loadedExams, (exam) => localizeExam(exam, textOr));

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
