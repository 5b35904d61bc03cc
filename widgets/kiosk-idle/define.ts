import { defineWidget } from '../../src/element/define-widget';
import uiCss from '../../src/ui/ui.css?inline';
import { KioskIdle } from './KioskIdle';

/**
 * `<imaging-kiosk-idle>`: the kiosk's inactivity watch and modal (spec 4 "Kiosk inactivity").
 *
 * @attr idle-seconds - idle seconds (default kioskNoActivitySeconds)
 * @attr api-base - origin of the provider's API (default: same origin)
 * @attr locale - en-AU (default), en-NZ, en-CA, en or mk
 * @fires imaging-session-ended - {reason: 'inactivity'}: Home or zero ended the kiosk session, just before the kiosk home loads; bubbles, composed
 * @csspart modal
 */
defineWidget({
  tag: 'imaging-kiosk-idle',
  component: KioskIdle,
  css: `${uiCss}\n.kiosk-idle__count { font-size: 1.25rem; }`,
  props: { idleSeconds: 'number', apiBase: 'string', locale: 'string' },
});
