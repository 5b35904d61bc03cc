/**
 * A pain score (0–10 numeric rating scale, spec 2.4 "pain score") in words,
 * so the results page never says it by colour alone. Bands as the numeric
 * rating scale is commonly read: 0 none, 1–3 mild, 4–6 moderate, 7–10
 * severe. Pure.
 */
export type PainBand = 'none' | 'mild' | 'moderate' | 'severe';

export const PAIN_SCALE = { min: 0, max: 10, mildUpTo: 3, moderateUpTo: 6 } as const;

export function painBand(score: number): PainBand {
  if (score <= PAIN_SCALE.min) return 'none';
  if (score <= PAIN_SCALE.mildUpTo) return 'mild';
  if (score <= PAIN_SCALE.moderateUpTo) return 'moderate';
  return 'severe';
}
