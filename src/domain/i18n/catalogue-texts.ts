/**
 * A provider translates its catalogue through its translation bundle, by
 * the slug of each item and the contract's field name:
 *
 *   exam.mri-knee.name, exam.mri-knee.examNotes, exam.mri-knee.notes
 *   modality.mri.name, bodyPart.knee.name, region.sydney.name
 *   radiology.bannerMessage, radiology.about, radiology.contact, radiology.terms (served
 *   by GET /api/config/terms in the request's language)
 *
 * The front end shows these over the names the API sends (the provider's
 * bundle is already in its texts); the server uses them in the e-mails it
 * writes in the booking's locale. A missing key keeps the API's text.
 */
export const catalogueKey = {
  exam: (slug: string, field: 'name' | 'examNotes' | 'notes' = 'name') => `exam.${slug}.${field}`,
  modality: (slug: string) => `modality.${slug}.name`,
  bodyPart: (slug: string) => `bodyPart.${slug}.name`,
  region: (slug: string) => `region.${slug}.name`,
};

/** A provider text by key, or `fallback` when it has none (src/i18n's textOr). */
export type TextOr = (key: string, fallback: string) => string;

/** An exam (or an appointment's exam details) with its name and notes in the provider's words. */
export function localizeExam<
  T extends { slug: string; name: string; examNotes: string; notes: string },
>(exam: T, text: TextOr): T {
  return {
    ...exam,
    name: text(catalogueKey.exam(exam.slug), exam.name),
    examNotes: text(catalogueKey.exam(exam.slug, 'examNotes'), exam.examNotes),
    notes: text(catalogueKey.exam(exam.slug, 'notes'), exam.notes),
  };
}

/** A modality, body part or region with its name in the provider's words. */
export function localizeNamed<T extends { slug: string; name: string }>(
  item: T,
  key: (slug: string) => string,
  text: TextOr,
): T {
  return { ...item, name: text(key(item.slug), item.name) };
}
