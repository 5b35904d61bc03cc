import { defineWidget } from '../../src/element/define-widget';
import imagingCss from '../../src/features/imaging/imaging.css?inline';
import { registerImagingTexts } from '../../src/i18n/imaging-texts';
import uiCss from '../../src/ui/ui.css?inline';
import { ResultsWidget } from './ResultsWidget';
import css from './results.css?inline';

/**
 * `<imaging-results>`: a patient's results, /appointments/{key}/result: report with its PDF, pain
 * scores, images, or when they will be available (spec 2.4; README.md). Logs in as
 * APPOINTMENT_RESULTS; after the access period /deny?resultsExpired=true.
 *
 * @attr path - current path: /appointments/{key}/result or /appointments/{key}/result/patient; an /iframe prefix is kept
 * @attr search - current query string (kioskMode; dateOfBirth and otpType after a patient match)
 * @attr booking-key - the booking key when the host page does not route
 * @attr api-base - origin of the provider's API (default: same origin)
 * @attr locale - en-AU (default), en-NZ, en-CA, en or mk
 * @fires imaging-navigated - {path, search, replace}: to /authentication or /deny; bubbles, composed
 * @csspart results, results-card, access, report, report-pdf, report-text, pain-scores, pain-scale, images, import-pending, warning, viewer, booking-key-missing
 * @cssprop --imaging-results-max-width, --imaging-viewer-height and the --imaging-* tokens
 */
registerImagingTexts();

defineWidget({
  tag: 'imaging-results',
  component: ResultsWidget,
  css: `${uiCss}\n${imagingCss}\n${css}`,
  props: {
    path: 'string',
    search: 'string',
    bookingKey: 'string',
    apiBase: 'string',
    locale: 'string',
  },
});
