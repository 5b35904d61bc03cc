/**
 * What the portal writes into the conversation, as the patient, in the
 * portal's language. Nothing that identifies the patient or the booking (no
 * name, booking key or file name) goes to the vendor in these texts; the
 * agent identifies the patient in the conversation as usual. A provider can
 * change them in its translation bundle like any other text.
 */
import type { FeatureTexts } from '../../i18n/bundles';

export const chatEnAU = {
  'chat.booking_complete': 'I have just booked my appointment online.',
  'chat.booking_request_sent': 'I have just sent my booking request online.',
  'chat.document_attached': 'I have uploaded document {{number}} for my booking.',
};

export const chatMk: Record<keyof typeof chatEnAU, string> = {
  'chat.booking_complete': 'Штотуку го закажав мојот термин преку интернет.',
  'chat.booking_request_sent': 'Штотуку го испратив моето барање за закажување преку интернет.',
  'chat.document_attached': 'Го прикачив документот {{number}} за моето закажување.',
};

export const CHAT_TEXTS: FeatureTexts = {
  'en-AU': chatEnAU,
  lazy: { mk: () => Promise.resolve(chatMk) },
};
