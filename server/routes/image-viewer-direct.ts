/**
 * Spec 4 "Image viewer", 7 POST /api/image_viewer/direct (R-4-viewer-05..08,
 * R-7-calls-21): an external radiologist who signed in at the provider's
 * identity provider (the image-viewer access page) posts the image link code
 * with their user name and e-mail; the answer's url is the viewer the
 * browser is sent to, null when the study has no images
 * (message.error_generating_images_url on the page). Granted to the study's
 * referrer and to the provider's external radiologists
 * (ImagingSettings.externalRadiologists); anything else, an unknown, foreign
 * or expired code included, is the same 403
 * message.user_not_have_access_to_images. Rate-limited with the other image
 * link lookups, and audited (actor: the link and the e-mail). Opening the
 * images this way does not count as the referrer opening the results.
 */
import type { FastifyInstance } from 'fastify';
import type { ImagingConfig } from '../config-imaging.js';
import type { StudyRow } from '../db/imaging.repo.js';
import { ApiError } from '../http/errors.js';
import { auditContext } from '../http/imaging-audit.js';
import { strictRateLimit } from '../http/rate-limit.js';
import { errorResponses } from '../schemas/common.js';
import {
  ImageViewerDirectBody,
  ImageViewerDirectResponseSchema,
} from '../schemas/image-viewer-link.schema.js';
import { readImagingSettings, type ImageLinkService } from '../services/image-links.service.js';
import type { ImageViewerDirectRequest } from '../../src/contract/imaging.js';
import type { RouteDeps } from './deps.js';

/** The study's referrer, a listed radiologist, or one of a listed '@domain'. */
export function mayOpenImages(
  email: string,
  study: Pick<StudyRow, 'referrerEmail'>,
  externalRadiologists: readonly string[],
): boolean {
  const who = email.trim().toLowerCase();
  const domain = who.slice(who.lastIndexOf('@'));
  return [study.referrerEmail ?? '', ...externalRadiologists]
    .map((entry) => entry.trim().toLowerCase())
    .some(
      (entry) => entry !== '' && (entry === who || (entry.startsWith('@') && entry === domain)),
    );
}

export function imageViewerDirectRoute(
  app: FastifyInstance,
  { db }: RouteDeps,
  imaging: ImagingConfig,
  links: ImageLinkService,
): void {
  app.post<{ Body: ImageViewerDirectRequest }>(
    '/api/image_viewer/direct',
    {
      // The same counter as the other image link lookups: guesses share one budget.
      onRequest: strictRateLimit(db, 'image-link', imaging.lookupRateLimit),
      config: { imagingAudit: 'image_viewer_direct' },
      schema: {
        tags: ['image-viewer'],
        summary:
          "An external radiologist's viewer URL for an image link after signing in ({input, " +
          'username, email}); url null: images not available. 403 ' +
          'message.user_not_have_access_to_images for anyone else and for an unknown or expired code',
        body: ImageViewerDirectBody,
        response: { 200: ImageViewerDirectResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { input, email } = request.body;
      const { link, study } = await links.find(input);
      auditContext(request, {
        actorKind: 'imsec',
        actor: `${link ? `link:${link.id} ` : ''}radiologist:${email.toLowerCase()}`.slice(0, 300),
        studyId: study?.id ?? null,
        accessionNumber: study?.accessionNumber ?? null,
      });
      const settings = await readImagingSettings(db);
      if (
        !link ||
        !study ||
        link.status === 'EXPIRED' ||
        !mayOpenImages(email, study, settings.externalRadiologists)
      )
        throw new ApiError(403, 'message.user_not_have_access_to_images');
      const url = await links.viewerUrl(study, `radiologist:${email.toLowerCase()}`);
      void reply.headers({ 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
      return { url };
    },
  );
}
