import { defineWidget } from '../../src/element/define-widget';
import { FrameWidget } from './FrameWidget';
import css from './frame.css?inline';
import layoutCss from './frame-layout.css?inline';

/**
 * `<imaging-frame>`: the shared frame of spec 2.3 (banners, navigation,
 * header image, footer, loading overlay) around slotted page content.
 *
 * @attr path - current path, set by the host page's router
 * @attr search - current query string; kioskMode and regionSlug are carried into the home link
 * @attr kiosk-mode - kiosk mode: home is /kiosk, every menu and footer link keeps kioskMode=true, no external links and no admin login link
 * @attr loading - shows the full-screen loading overlay (message.loading)
 * @attr api-base - origin of the provider's API (default: same origin)
 * @attr locale - en-AU (default), en-NZ, en-CA, en or mk; the patient's choice in the language switcher (app.locales) wins for the visit
 * @slot - the page content
 * @csspart banner, read-only-banner, header, logo, nav, header-message, header-image, main, footer, loading-overlay, environment-label
 * @cssprop --imaging-frame-header-background, --imaging-frame-footer-background, --imaging-frame-modal-min-height (600px, 450px below 1120px; inherited by the page's modals), --imaging-frame-background-image (set from the provider's background when application.patientPortalBackgroundImageEnabled; shown from 1120px) and the --imaging-* tokens
 */
defineWidget({
  tag: 'imaging-frame',
  component: FrameWidget,
  css: `${css}\n${layoutCss}`,
  props: {
    path: 'string',
    search: 'string',
    kioskMode: 'boolean',
    loading: 'boolean',
    apiBase: 'string',
    locale: 'string',
  },
});
