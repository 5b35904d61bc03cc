import { describe, expect, it } from 'vitest';
import { painBand } from './pain-score';

describe('pain scores in words (spec 2.4 "pain score")', () => {
  it('reads 0 as none, 1–3 mild, 4–6 moderate and 7–10 severe', () => {
    const words = Array.from({ length: 11 }, (_, score) => painBand(score));
    expect(words).toEqual([
      'none',
      'mild',
      'mild',
      'mild',
      'moderate',
      'moderate',
      'moderate',
      'severe',
      'severe',
      'severe',
      'severe',
    ]);
  });
});
