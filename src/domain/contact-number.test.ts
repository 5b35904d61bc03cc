import { describe, expect, it } from 'vitest';
import { isPhoneNumber, normaliseContactNumber, telHref } from './contact-number';

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

describe('phone numbers in messages are tap-to-call (issue 13)', () => {
  it.each([
    ['(02) 5550 0100', true],
    ['+61 412 345 678', true],
    ['1300 555 010', true],
    ['2026-11-23', false],
    ['14', false],
    ['Sydney CBD', false],
  ])('%s is a phone number: %s', (value, expected) => {
    expect(isPhoneNumber(value)).toBe(expected);
  });

  it('a tel: link keeps the digits and a leading +', () => {
    expect(telHref('(02) 5550 0100')).toBe('tel:0255500100');
    expect(telHref('+61 412 345 678')).toBe('tel:+61412345678');
  });
});
