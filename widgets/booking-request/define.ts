import { defineWidget } from '../../src/element/define-widget';
import { bookingRequestEnAU } from '../../src/i18n/bundles/booking-request.en-AU';
import { addFeatureTexts } from '../../src/i18n/i18n';
import uiCss from '../../src/ui/ui.css?inline';
import { BookingRequestWidget } from './BookingRequestWidget';
import css from './booking-request.css?inline';

/**
 * `<imaging-booking-request>`: the booking-request pages of spec 2.4 (view,
 * cancel, attach documents) with the frame's booking-request buttons of
 * spec 2.3 in its own header ('booking info' on home-type pages when the
 * request has no exam; 'view referral': a download link for one referral,
 * the e-referral modal for several). Needs a patient session for the
 * request: a 401 or 403 sends the patient to /authentication and back.
 *
 * @attr path - current path: /booking-requests/{key} or /br/{key}; an /iframe prefix is kept
 * @attr search - current query string (kioskMode)
 * @attr booking-key - the booking key when the host page does not route
 * @attr kiosk-mode - kiosk mode
 * @attr api-base - origin of the provider's API (default: same origin)
 * @attr locale - en-AU (default), en-NZ, en-CA, en or mk
 * @fires imaging-navigated - {path, search, replace}: to /authentication; bubbles, composed
 * @csspart booking-request, request-buttons, request-details, modal
 * @cssprop the --imaging-* tokens
 */
addFeatureTexts({
  'en-AU': bookingRequestEnAU,
  lazy: {
    mk: () =>
      import('../../src/i18n/bundles/booking-request.mk').then((module) => module.bookingRequestMk),
  },
});

defineWidget({
  tag: 'imaging-booking-request',
  component: BookingRequestWidget,
  css: `${uiCss}\n${css}`,
  props: {
    path: 'string',
    search: 'string',
    bookingKey: 'string',
    kioskMode: 'boolean',
    apiBase: 'string',
    locale: 'string',
  },
});
