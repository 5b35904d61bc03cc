/**
 * The texts of the upload control and the attachment parts. Each part's
 * module calls registerAttachmentTexts() at its top level, so every widget
 * that renders one (booking, appointment, booking request) gets the texts
 * without listing them in its define.ts. (A bare `import './texts'` would be
 * dropped: package.json marks only define.ts files as having side effects.)
 */
import { attachmentsEnAU } from '../../i18n/bundles/attachments.en-AU';
import { addFeatureTexts } from '../../i18n/i18n';

const TEXTS = { 'en-AU': attachmentsEnAU };
let registered = false;

export function registerAttachmentTexts(): void {
  if (registered) return;
  registered = true;
  addFeatureTexts(TEXTS);
}
