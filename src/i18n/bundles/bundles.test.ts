import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../locales';
import { enAU } from './en-AU';
import { baseBundle, loadBaseBundle } from './index';
import { mk } from './mk';

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;
const placeholders = (text: string) =>
  [...text.matchAll(PLACEHOLDER)].map((match) => match[1]).sort();

describe('base bundles (R-9-29)', () => {
  it.each(SUPPORTED_LOCALES)('%s has every en-AU key', async (locale) => {
    await loadBaseBundle(locale);
    expect(Object.keys(baseBundle(locale)).sort()).toEqual(Object.keys(enAU).sort());
  });

  it('R-8-38: message.loading and message.access_read_only exist', () => {
    expect(enAU['message.loading']).toBeTruthy();
    expect(enAU['message.access_read_only']).toBeTruthy();
  });

  it('R-8-21: a message exists for each status 500 to 504 and for the general error', () => {
    for (const status of [500, 501, 502, 503, 504]) {
      expect(baseBundle('en-AU')[`message.error_status_${status}`]).toBeTruthy();
    }
    expect(enAU['message.error_general']).toBeTruthy();
  });

  it('Macedonian translates every key the frame uses', () => {
    const frameKeys = Object.keys(enAU).filter((key) =>
      /^(message|menu|banner|footer|page|frame|action)\./.test(key),
    );
    expect(frameKeys.filter((key) => !(key in mk))).toEqual([]);
  });

  it.each(SUPPORTED_LOCALES)('%s keeps the placeholders of every text', async (locale) => {
    await loadBaseBundle(locale);
    const bundle = baseBundle(locale);
    for (const [key, text] of Object.entries(enAU)) {
      expect(placeholders(bundle[key] ?? ''), key).toEqual(placeholders(text));
    }
  });
});
