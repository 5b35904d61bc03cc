import { defineWidget } from '../../src/element/define-widget';
import { denyEnAU } from '../../src/i18n/bundles/deny.en-AU';
import { addFeatureTexts } from '../../src/i18n/i18n';
import uiCss from '../../src/ui/ui.css?inline';
import { DenyWidget } from './DenyWidget';
import denyCss from './deny.css?inline';

/**
 * `<imaging-deny>`: the deny page (spec 2.4, 4 "Deny page message by input",
 * 8). The message follows status, revoked, maxAttempts (+ message),
 * resultsExpired and customMessage, else a generic problem; a Close link to
 * redirectUrl shows only with showClose=true.
 *
 * @attr search - current query string: status, revoked, maxAttempts, message, resultsExpired, customMessage, showClose, redirectUrl
 * @attr path - current path (set by the host router)
 * @attr api-base - origin of the provider's API (default: same origin)
 * @attr locale - en-AU (default), en-NZ, en-CA, en or mk
 * @csspart deny, message, close
 * @cssprop --imaging-deny-max-width and the --imaging-* tokens
 */
addFeatureTexts({
  'en-AU': denyEnAU,
  lazy: {
    mk: () => import('../../src/i18n/bundles/deny.mk').then((module) => module.denyMk),
  },
});

defineWidget({
  tag: 'imaging-deny',
  component: DenyWidget,
  css: `${uiCss}\n${denyCss}`,
  props: { search: 'string', path: 'string', apiBase: 'string', locale: 'string' },
});
