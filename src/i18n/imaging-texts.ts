/**
 * The texts of the imaging results (issue 17): `<imaging-referrer-viewer>`
 * and `<imaging-results>` both call registerImagingTexts() in their define.ts,
 * so the texts are registered once when both are on a page.
 */
import type { FeatureTexts } from './bundles';
import { imagingEnAU } from './bundles/imaging.en-AU';
import { addFeatureTexts } from './i18n';

const TEXTS: FeatureTexts = {
  'en-AU': imagingEnAU,
  lazy: {
    mk: () => import('./bundles/imaging.mk').then((module) => module.imagingMk),
  },
};
let registered = false;

export function registerImagingTexts(): void {
  if (registered) return;
  registered = true;
  addFeatureTexts(TEXTS);
}
