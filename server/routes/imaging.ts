/**
 * Issue 17's routes in one place for app.ts: the imaging services, the
 * audit hook, DICOMweb, image links (with the external radiologist's direct
 * call and the referrer's feedback), the patient's results and the
 * development helpers.
 */
import type { FastifyInstance } from 'fastify';
import { DEFAULT_IMAGING, DEFAULT_VIEWER_RATE_LIMIT } from '../config-imaging.js';
import { installImagingAudit } from '../http/imaging-audit.js';
import { createDicomFiles } from '../services/dicom-files.js';
import { createDicomWebService } from '../services/dicomweb.service.js';
import { createImageLinkService } from '../services/image-links.service.js';
import { createResultsRelease, type ResultsRelease } from '../services/results-release.js';
import { createReferrerFeedback } from '../services/referrer-feedback.service.js';
import { createResultsService } from '../services/results.service.js';
import { createViewerTokens } from '../services/viewer-token.js';
import { devImagingRoutes } from './dev-imaging.js';
import { devImagingAuditRoutes } from './dev-imaging-audit.js';
import { dicomWebRoutes } from './dicomweb.js';
import { imageViewerRoutes } from './image-viewer.js';
import { imageViewerDirectRoute } from './image-viewer-direct.js';
import { imageViewerLinkRoutes } from './image-viewer-link.js';
import { resultsRoutes } from './results.js';
import type { RouteDeps } from './deps.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The release of due results, for the job main.ts starts (jobs/results-release.ts). */
    resultsRelease: ResultsRelease;
  }
}

export function imagingRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, config, clock } = deps;
  const imaging = config.imaging ?? DEFAULT_IMAGING;
  installImagingAudit(app, db);
  const files = createDicomFiles(db, config.dataDir);
  const tokens = createViewerTokens(db, { clock, seconds: imaging.viewerTokenSeconds });
  const release = createResultsRelease(db, { publicUrl: config.publicUrl });
  const links = createImageLinkService(db, {
    clock,
    publicUrl: config.publicUrl,
    linkDays: imaging.imageLinkDays,
    tokens,
    release,
  });
  const results = createResultsService(db, { clock, viewerUrl: links.viewerUrl });
  app.decorate('resultsRelease', release);
  const dicomWeb = createDicomWebService(db, files, { publicUrl: config.publicUrl });
  dicomWebRoutes(
    app,
    dicomWeb,
    tokens,
    [...imaging.viewerOrigins, ...config.allowedOrigins],
    imaging.viewerRateLimit ?? DEFAULT_VIEWER_RATE_LIMIT,
  );
  imageViewerRoutes(app, deps, imaging, links, results);
  imageViewerDirectRoute(app, deps, imaging, links);
  imageViewerLinkRoutes(app, deps, imaging, links, createReferrerFeedback(db, { clock }));
  resultsRoutes(app, deps, results);
  if (config.devLogin) devImagingRoutes(app, deps, links, release);
  if (config.devLogin) devImagingAuditRoutes(app, deps);
}
