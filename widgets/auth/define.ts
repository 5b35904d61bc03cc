import { defineWidget } from '../../src/element/define-widget';
import { authEnAU } from '../../src/i18n/bundles/auth.en-AU';
import { addFeatureTexts } from '../../src/i18n/i18n';
import uiCss from '../../src/ui/ui.css?inline';
import { AuthWidget } from './AuthWidget';
import authCss from './auth.css?inline';

/**
 * `<imaging-auth>`: the /authentication page (spec 2.4, 4 "Authentication").
 * The holder of a booking confirms the date of birth (and, when the provider
 * asks, the contact number); for an appointment a 6-digit code is then sent
 * by e-mail or SMS. On success the element asks the host page to go to the
 * return address and starts the keep-alive ping; too many attempts go to
 * /deny?maxAttempts=true. The element never touches history.
 *
 * @attr search - current query string: bookingKey, returnUrl, type (BOOKING_REQUEST, APPOINTMENT, APPOINTMENT_RESULTS, PATIENT_PORTAL), shared, isBookingRequest, dateOfBirth, staffBooking
 * @attr path - current path; an /iframe prefix is kept in the paths it emits
 * @attr api-base - origin of the provider's API (default: same origin)
 * @attr locale - en-AU (default), en-NZ, en-CA, en or mk
 * @fires imaging-navigated - {path, search, replace}: go to the return address, or to /deny; bubbles, composed
 * @csspart auth, status, cookies-banner, date-of-birth-form, code-form, resend, modal
 * @cssprop --imaging-auth-max-width and the --imaging-* tokens
 */
addFeatureTexts({
  'en-AU': authEnAU,
  lazy: {
    mk: () => import('../../src/i18n/bundles/auth.mk').then((module) => module.authMk),
  },
});

defineWidget({
  tag: 'imaging-auth',
  component: AuthWidget,
  css: `${uiCss}\n${authCss}`,
  props: { search: 'string', path: 'string', apiBase: 'string', locale: 'string' },
});
