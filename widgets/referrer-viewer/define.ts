import { defineWidget } from '../../src/element/define-widget';
import { registerImagingTexts } from '../../src/i18n/imaging-texts';
import uiCss from '../../src/ui/ui.css?inline';
import { ReferrerViewerWidget } from './ReferrerViewerWidget';
import imagingCss from '../../src/features/imaging/imaging.css?inline';
import css from './referrer-viewer.css?inline';

/**
 * `<imaging-referrer-viewer>`: a referrer's image link (/referrer/quick-report?imsec=…): banner,
 * quick report, PACS link, feedback button and the images (spec 2.4, 4 "Image viewer"; README.md).
 *
 * @attr path - current path (set by the host router; an /iframe prefix is kept in links)
 * @attr search - current query string: imsec and an optional repositorySource
 * @attr imsec - the link's code, for a page without a router (instead of search)
 * @attr repository-source - the link's repositorySource, with imsec
 * @attr api-base - origin of the provider's API (default: same origin)
 * @attr locale - en-AU (default), en-NZ, en-CA, en or mk
 * @csspart referrer-viewer, header, banner, pacs-link, feedback, feedback-given, loading, error, warning, study, report-text, viewer
 * @cssprop --imaging-referrer-viewer-max-width, --imaging-viewer-height and the --imaging-* tokens
 */
registerImagingTexts();

defineWidget({
  tag: 'imaging-referrer-viewer',
  component: ReferrerViewerWidget,
  css: `${uiCss}\n${imagingCss}\n${css}`,
  props: {
    path: 'string',
    search: 'string',
    imsec: 'string',
    repositorySource: 'string',
    apiBase: 'string',
    locale: 'string',
  },
});
