import { defineWidget } from '../../src/element/define-widget';
import { PageWidget } from './PageWidget';
import css from './pages.css?inline';

/**
 * `<imaging-page>`: the provider's about, contact, terms and privacy pages
 * (spec 2.4), filled from the provider's configuration.
 *
 * @attr page - about | contact | terms | privacy
 * @attr api-base - origin of the provider's API (default: same origin)
 * @attr locale - en-AU (default), en-NZ, en-CA, en or mk
 * @csspart page
 * @cssprop --imaging-page-heading-color
 */
defineWidget({
  tag: 'imaging-page',
  component: PageWidget,
  css,
  props: { page: 'string', apiBase: 'string', locale: 'string' },
});
