import { describe, expect, it } from 'vitest';
import type { TranslationBundle } from '../../contract/portal';
import { appointmentEnAU } from './appointment.en-AU';
import { appointmentMk } from './appointment.mk';
import { attachmentsEnAU } from './attachments.en-AU';
import { attachmentsMk } from './attachments.mk';
import { authEnAU } from './auth.en-AU';
import { authMk } from './auth.mk';
import { bookingRequestEnAU } from './booking-request.en-AU';
import { bookingRequestMk } from './booking-request.mk';
import { bookingEnAU } from './booking.en-AU';
import { bookingMk } from './booking.mk';
import { denyEnAU } from './deny.en-AU';
import { denyMk } from './deny.mk';
import { imagingEnAU } from './imaging.en-AU';
import { imagingMk } from './imaging.mk';
import { imageViewerEnAU } from './image-viewer.en-AU';
import { imageViewerMk } from './image-viewer.mk';
import { kioskEnAU } from './kiosk.en-AU';
import { kioskMk } from './kiosk.mk';
import { mk } from './mk';
import { questionnaireEnAU } from './questionnaire.en-AU';
import { questionnaireMk } from './questionnaire.mk';

type Texts = Readonly<Partial<TranslationBundle>>;

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;
const placeholders = (text: string) =>
  [...text.matchAll(PLACEHOLDER)].map((match) => match[1]).sort();
const MARKUP = /<[^>]+>/g;
const markup = (text: string) => [...text.matchAll(MARKUP)].map((match) => match[0]);
const CYRILLIC = /[\u0400-\u04FF]/;

/** Each feature's en-AU bundle and its Macedonian one (R-9-29: mk is a supported locale). */
const FEATURES: [name: string, enAU: Texts, mk: Texts][] = [
  ['auth', authEnAU, authMk],
  ['deny', denyEnAU, denyMk],
  ['appointment', appointmentEnAU, appointmentMk],
  ['booking-request', bookingRequestEnAU, bookingRequestMk],
  ['questionnaire', questionnaireEnAU, questionnaireMk],
  ['attachments', attachmentsEnAU, attachmentsMk],
  ['booking', bookingEnAU, bookingMk],
  ['kiosk', kioskEnAU, kioskMk],
  ['imaging', imagingEnAU, imagingMk],
  ['image-viewer', imageViewerEnAU, imageViewerMk],
];

/** Texts that read the same in Macedonian (numbers, names, placeholders only). */
const SAME_IN_MK = new Set([
  'upload.progress_value',
  'attachments.pdf',
  'booking.slots.week_of',
  'image_viewer.image_count',
  'booking.slots.slot_name',
  // A number only: the day strip's cells are too narrow for "термини" on a phone.
  'booking.slots.count_short_one',
  'booking.slots.count_short_other',
]);

describe.each(FEATURES)('feature texts %s (R-9-29)', (name, enAU, mkTexts) => {
  it(`${name}.mk has exactly the keys of ${name}.en-AU`, () => {
    expect(Object.keys(mkTexts).sort()).toEqual(Object.keys(enAU).sort());
  });

  it(`${name}.mk keeps the {{placeholders}} and markup of every text`, () => {
    for (const [key, text] of Object.entries(enAU)) {
      const translated = mkTexts[key] ?? '';
      expect(translated, key).not.toBe('');
      expect(placeholders(translated), key).toEqual(placeholders(text ?? ''));
      expect(markup(translated), key).toEqual(markup(text ?? ''));
    }
  });

  it(`${name}.mk is written in Cyrillic`, () => {
    for (const [key, text] of Object.entries(mkTexts)) {
      if (SAME_IN_MK.has(key)) continue;
      expect(CYRILLIC.test(text ?? ''), key).toBe(true);
    }
  });

  it(`${name}.mk agrees with the base bundle and the other features on shared keys`, () => {
    for (const [key, text] of Object.entries(mkTexts)) {
      if (key in mk) expect(text, key).toBe(mk[key as keyof typeof mk]);
      for (const [, , other] of FEATURES) {
        if (key in other) expect(text, key).toBe(other[key]);
      }
    }
  });
});

describe('attachments texts registration', () => {
  it('R-9-29: registerAttachmentTexts loads the Macedonian attachment texts on demand', async () => {
    const { registerAttachmentTexts } = await import('../attachments-texts');
    const { baseBundle, loadBaseBundle } = await import('./index');
    registerAttachmentTexts();
    expect(baseBundle('en-AU')['attachments.title']).toBe(attachmentsEnAU['attachments.title']);
    await loadBaseBundle('mk');
    expect(baseBundle('mk')['attachments.title']).toBe(attachmentsMk['attachments.title']);
    expect(baseBundle('en-NZ')['attachments.title']).toBe(attachmentsEnAU['attachments.title']);
  });
});
