import { describe, expect, it } from 'vitest';
import { normaliseContactNumber } from './contact-number';

describe('normaliseContactNumber (spec 5 "Contact number")', () => {
  it.each([
    ['(02) 5550 1234', '0255501234'],
    ['0412-345-678', '0412345678'],
    ['+61 412 345 678', '0412345678'],
    ['0061 412 345 678', '0412345678'],
    ['+61 (0)2 5550 1234', '0255501234'],
    ['+64 21 123 4567', '0211234567'],
    ['+44 20 7946 0958', '+442079460958'],
    ['  ', ''],
  ])('%s → %s', (typed, stored) => {
    expect(normaliseContactNumber(typed)).toBe(stored);
  });
});
