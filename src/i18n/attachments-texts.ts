/**
 * The texts of the upload control and the attachment parts. Each part's
 * module calls registerAttachmentTexts() at its top level, so every widget
 * that renders one (booking, appointment, booking request) gets the texts
 * without listing them in its define.ts. (A bare `import './texts'` would be
 * dropped: package.json marks only define.ts files as having side effects.)
 */
import { attachmentsEnAU } from './bundles/attachments.en-AU';
import type { FeatureTexts } from './bundles';
import { addFeatureTexts } from './i18n';

const TEXTS: FeatureTexts = {
  'en-AU': attachmentsEnAU,
  lazy: {
    mk: () => import('./bundles/attachments.mk').then((module) => module.attachmentsMk),
  },
};
let registered = false;

export function registerAttachmentTexts(): void {
  if (registered) return;
  registered = true;
  addFeatureTexts(TEXTS);
}
