import { describe, expect, it } from 'vitest';
import { bookingEnAU } from './booking.en-AU';
import { bookingMk } from './booking.mk';
import { baseBundle, isBaseBundleLoaded, loadBaseBundle, registerFeatureTexts } from './index';

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;
const placeholders = (text: string) =>
  [...text.matchAll(PLACEHOLDER)].map((match) => match[1]).sort();

describe('booking flow texts', () => {
  it('R-8-09: message.success stays the base text; the booking keys are complete in en-AU', () => {
    expect(bookingEnAU['booking.exam.title']).toBe('Choose your scan');
    expect(bookingEnAU['booking.clinic.title']).toBe('Choose a clinic');
    expect(bookingEnAU['booking.slots.title']).toBe('Choose a time');
    expect(bookingEnAU['booking.form.title']).toBe('Your details');
    expect(bookingEnAU['booking.confirmation.title']).toBe('Booking confirmed');
  });

  it('R-2.4-26: the sex options read female, male, indeterminate/intersex/unspecified', () => {
    expect([
      bookingEnAU['booking.form.sex_female'],
      bookingEnAU['booking.form.sex_male'],
      bookingEnAU['booking.form.sex_indeterminate'],
    ]).toEqual(['Female', 'Male', 'Indeterminate/intersex/unspecified']);
  });

  it('Macedonian translates every booking key with the same placeholders', () => {
    for (const [key, text] of Object.entries(bookingEnAU)) {
      const translated = bookingMk[key as keyof typeof bookingEnAU];
      expect(translated, key).toBeTruthy();
      expect(placeholders(translated ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('registered feature texts join the base bundle; other locales load on demand and fall back to en-AU', async () => {
    const lazyMk = { 'booking.exam.title': 'Изберете снимање' };
    registerFeatureTexts({ 'en-AU': bookingEnAU, lazy: { mk: () => Promise.resolve(lazyMk) } });
    expect(baseBundle('en-AU')['booking.exam.title']).toBe('Choose your scan');
    expect(baseBundle('en-NZ')['booking.exam.title']).toBe('Choose your scan');
    expect(isBaseBundleLoaded('mk')).toBe(false);
    await loadBaseBundle('mk');
    expect(isBaseBundleLoaded('mk')).toBe(true);
    expect(baseBundle('mk')['booking.exam.title']).toBe('Изберете снимање');
    expect(baseBundle('mk')['booking.clinic.title']).toBe('Choose a clinic');
    expect(baseBundle('mk')['menu.home']).toBe('Почетна');
  });
});
