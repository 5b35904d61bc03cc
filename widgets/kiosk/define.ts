import { defineWidget } from '../../src/element/define-widget';
import { kioskEnAU } from '../../src/i18n/bundles/kiosk.en-AU';
import { addFeatureTexts } from '../../src/i18n/i18n';
import uiCss from '../../src/ui/ui.css?inline';
import { KioskWidget } from './KioskWidget';
import kioskCss from './kiosk.css?inline';

/**
 * `<imaging-kiosk>`: the kiosk home (issue 16): Check in, Book a scan, the device-name modal.
 *
 * @attr path - current path (/kiosk or /iframe/kiosk), set by the host router
 * @attr search - current query string (kioskMode=true)
 * @attr api-base - origin of the provider's API (default: same origin)
 * @attr locale - en-AU (default), en-NZ, en-CA, en or mk
 * @csspart kiosk, choices, choice, device, modal
 * @cssprop --imaging-kiosk-target-min-height (12rem; 26rem on a tall portrait screen), --imaging-kiosk-max-width, --imaging-kiosk-gap and the --imaging-* tokens
 */
addFeatureTexts({
  'en-AU': kioskEnAU,
  lazy: {
    mk: () => import('../../src/i18n/bundles/kiosk.mk').then((module) => module.kioskMk),
  },
});

defineWidget({
  tag: 'imaging-kiosk',
  component: KioskWidget,
  css: `${uiCss}\n${kioskCss}`,
  props: { path: 'string', search: 'string', apiBase: 'string', locale: 'string' },
});
