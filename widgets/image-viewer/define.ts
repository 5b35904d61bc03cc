import { defineWidget } from '../../src/element/define-widget';
import { imageViewerEnAU } from '../../src/i18n/bundles/image-viewer.en-AU';
import { addFeatureTexts } from '../../src/i18n/i18n';
import { ImageViewerWidget } from './ImageViewerWidget';
import css from './image-viewer.css?inline';

/**
 * `<imaging-image-viewer>`: the built-in DICOM viewer of a DICOMweb study (issue 17); see README.md.
 *
 * @attr dicomweb-url - the DICOMweb root, e.g. https://provider.example/dicomweb
 * @attr study-uid - the Study Instance UID
 * @attr token - the study's viewer token; a new value resumes loading
 * @attr from-page-url - take dicomweb, study and token from the page's address
 * @attr api-base - origin of the provider's API (default: same origin)
 * @attr locale - en-AU (default), en-NZ, en-CA, en or mk
 * @fires imaging-image-viewer-loaded - {seriesInstanceUID, images}: a series has all its images
 * @fires imaging-image-viewer-failed - {reason}: the study cannot be shown; reason is the message key shown
 * @csspart viewer, series, series-button, toolbar, stage, canvas, info, progress, message
 * @cssprop --imaging-viewer-background, --imaging-viewer-height, --imaging-viewer-touch-size and the --imaging-* tokens
 */
addFeatureTexts({
  'en-AU': imageViewerEnAU,
  lazy: {
    mk: () =>
      import('../../src/i18n/bundles/image-viewer.mk').then((module) => module.imageViewerMk),
  },
});

defineWidget({
  tag: 'imaging-image-viewer',
  component: ImageViewerWidget,
  css,
  props: {
    dicomwebUrl: 'string',
    studyUid: 'string',
    token: 'string',
    fromPageUrl: 'boolean',
    apiBase: 'string',
    locale: 'string',
  },
});
