import { defineWidget } from '../../src/element/define-widget';
import { bookingEnAU } from '../../src/i18n/bundles/booking.en-AU';
import { addFeatureTexts } from '../../src/i18n/i18n';
import { BookingWidget } from './BookingWidget';
import uiCss from '../../src/ui/ui.css?inline';
import bookingCss from './booking.css?inline';
import examStepCss from './steps/exam-step.css?inline';
import clinicStepCss from './steps/clinic-step.css?inline';
import slotStepCss from './steps/slot-step.css?inline';
import dayStripCss from './steps/day-strip.css?inline';
import formStepCss from './steps/form-step.css?inline';

/**
 * `<imaging-booking>`: the booking flow of spec 2.4 — exam (by scan type or
 * body figure), clinic (region, location, post code, list or map), time
 * (week or month, time of day, in the clinic's time zone), the patient's
 * details, and the confirmation. An enquiry-only exam becomes a booking
 * request. It reports each move as a cancelable imaging-booking-navigated;
 * a host page with a router calls preventDefault() and sets `path` and
 * `search` back. When nobody handles it, the element moves through its own
 * steps (and, with `url-state`, mirrors them into the page's address).
 *
 * @attr path - current path: / (exam), /select-region (clinic), /select-clinic (time), /booking (details), /appointments/{key}, /booking-requests/{key}; an /iframe prefix is kept
 * @attr search - current query string (spec 2.2 parameters: procedureTab, modality, examSlug, regionSlug, lat, lng, selectedClinic, clinicId, date, week, slotsView, timeOfDay, startTime, endTime, deviceId, bookingKey, kioskMode, status…)
 * @attr kiosk-mode - kiosk mode (carried into every URL; confirmation at /appointments/{key}/kiosk)
 * @attr exam-slug - preselects an exam
 * @attr modality - preselects a scan type (modality slug)
 * @attr region-slug - preselects a region
 * @attr clinic-id - a clinic page's own clinic: only it is offered, and it is preselected
 * @attr url-state - alone on a page (no host router handles imaging-booking-navigated): mirror each step into the page's address (#imaging:/path?query) so Back, Forward and reload work
 * @attr api-base - origin of the provider's API (default: same origin)
 * @attr locale - en-AU (default), en-NZ, en-CA, en or mk
 * @attr medicare-number-required - the booking form asks for the Medicare number (as a questionnaire outcome can require)
 * @attr validation-code-required - the booking form asks for the validation code
 * @fires imaging-booking-navigated - {path, search, replace}: the flow moved; bubbles, composed
 * @fires imaging-booking-created - {bookingKey, kind: 'appointment' | 'booking-request'}; bubbles, composed
 * @fires imaging-booking-progressed - {step}: the booking progress step (0 exam … 4 confirmed), after a 2000 ms debounce; bubbles, composed
 * @csspart booking, progress, step, summary, procedure-type, modalities, body-parts, body-figure, exams, selected-exams, location, clinics, map, slot-toolbar, time-of-day, time-zone-note, week, month, form, confirmation, booking-key, appointment-details, answer-notes, modal
 * @cssprop --imaging-booking-slot-background, --imaging-booking-selected-background, --imaging-body-part-hover and the --imaging-* tokens
 */
// The flow's texts load with the flow, not with every element (the frame's first-load budget).
addFeatureTexts({
  'en-AU': bookingEnAU,
  lazy: {
    mk: () => import('../../src/i18n/bundles/booking.mk').then((module) => module.bookingMk),
  },
});

defineWidget({
  tag: 'imaging-booking',
  component: BookingWidget,
  css: [uiCss, bookingCss, examStepCss, clinicStepCss, slotStepCss, dayStripCss, formStepCss].join(
    '\n',
  ),
  props: {
    path: 'string',
    search: 'string',
    kioskMode: 'boolean',
    urlState: 'boolean',
    examSlug: 'string',
    modality: 'string',
    regionSlug: 'string',
    clinicId: 'number',
    apiBase: 'string',
    locale: 'string',
    medicareNumberRequired: 'boolean',
    validationCodeRequired: 'boolean',
  },
});
