import { defineWidget } from '../../src/element/define-widget';
import { appointmentEnAU } from '../../src/i18n/bundles/appointment.en-AU';
import { addFeatureTexts } from '../../src/i18n/i18n';
import uiCss from '../../src/ui/ui.css?inline';
import { AppointmentWidget } from './AppointmentWidget';
import css from './appointment.css?inline';

/**
 * `<imaging-appointment>`: the appointment pages of spec 2.4 — every
 * appointment of a booking key (exam, date and time in the clinic's zone,
 * clinic with address and a map link, preparation, what to bring), confirm,
 * add to calendar, cancel with a reason, reschedule or change (into the
 * booking flow with status RESCHEDULED or CHANGED), instructions, links to
 * the pain score, consent forms and feedback questionnaires, referral
 * documents, a message or callback request to the call centre, e-mail
 * unsubscription and close. Needs a patient session for the booking: a 401
 * or 403 sends the patient to /authentication and back; an ended, cancelled
 * or removed booking goes to /deny?status=….
 *
 * @attr path - current path: /appointments/{key}, /a/{key}, /appointments/pending/{key}, /appointments/{key}/kiosk, /appointments/{key}/result; an /iframe prefix is kept
 * @attr search - current query string (kioskMode)
 * @attr booking-key - the booking key when the host page does not route
 * @attr kiosk-mode - kiosk mode (home is /kiosk)
 * @attr api-base - origin of the provider's API (default: same origin)
 * @attr locale - en-AU (default), en-NZ, en-CA, en or mk
 * @fires imaging-navigated - {path, search, replace}: to /authentication, /deny, the booking flow, /questionnaires or home; bubbles, composed
 * @csspart appointment, appointment-card, appointment-actions, booking-actions, contact, referral-documents, patient-notes, notice, modal, kiosk-finished, kiosk-finish (the countdown and Done), booking-key-missing
 * @cssprop --imaging-appointment-card-background, --imaging-appointment-card-border and the --imaging-* tokens
 */
addFeatureTexts({
  'en-AU': appointmentEnAU,
  lazy: {
    mk: () =>
      import('../../src/i18n/bundles/appointment.mk').then((module) => module.appointmentMk),
  },
});

defineWidget({
  tag: 'imaging-appointment',
  component: AppointmentWidget,
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
