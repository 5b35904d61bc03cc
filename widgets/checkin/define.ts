import { defineWidget } from '../../src/element/define-widget';
import { checkinEnAU } from '../../src/i18n/bundles/checkin.en-AU';
import { addFeatureTexts } from '../../src/i18n/i18n';
import uiCss from '../../src/ui/ui.css?inline';
import { CheckinWidget } from './CheckinWidget';
import css from './checkin.css?inline';

/**
 * `<imaging-checkin>`: digital check-in (spec 4 "Digital check-in", issue
 * 16). From an appointment link (booking key known) the patient logs in
 * through the existing /authentication page when there is no session, then
 * confirms today's appointment, fills the check-in form (referrer found by
 * search, referral date, Medicare number, reference number, gender when
 * asked) and checks in. In kiosk mode it starts at the identity step (last
 * name and date of birth, then a 6-digit code: VERIFY_OTP). Simple mode
 * (SIMPLE) asks a confirmation, then checks in; PREPARE_FIRST takes the
 * form first. A missing referral opens the upload-referral modal. Polling
 * backs off from 1 s to 8 s for at most 60 s and stops when the element
 * disconnects. The step is in the address (`step`): the element asks the
 * host to put it there with imaging-navigated.
 *
 * @attr search - current query string: bookingKey, slug, step, kioskMode
 * @attr path - current path (/check-in, /iframe/check-in)
 * @attr booking-key - the booking key when the host page does not route
 * @attr slug - the appointment to check in for (else the first of today's)
 * @attr kiosk-mode - the kiosk: start at the identity step
 * @attr api-base - origin of the provider's API (default: same origin)
 * @attr locale - en-AU (default), en-NZ, en-CA, en or mk
 * @fires imaging-navigated - {path, search, replace}: a new step (/check-in?step=…), or /authentication; bubbles, composed
 * @fires imaging-checkin-completed - {slug, kioskMode}: the patient is checked in
 * @fires imaging-checkin-failed - {reason, kioskMode}: the error step, with its message key
 * @csspart checkin, identity-form, code-form, feedback, confirm, appointment-option, check-in-form, referrer, result, processing, modal, kiosk-finish (kiosk: the countdown and Done)
 * @cssprop --imaging-checkin-max-width, --imaging-checkin-touch-size and the --imaging-* tokens
 */
addFeatureTexts({
  'en-AU': checkinEnAU,
  lazy: {
    mk: () => import('../../src/i18n/bundles/checkin.mk').then((module) => module.checkinMk),
  },
});

defineWidget({
  tag: 'imaging-checkin',
  component: CheckinWidget,
  css: `${uiCss}\n${css}`,
  props: {
    path: 'string',
    search: 'string',
    bookingKey: 'string',
    slug: 'string',
    kioskMode: 'boolean',
    apiBase: 'string',
    locale: 'string',
  },
});
