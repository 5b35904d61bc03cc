/**
 * Development and end-to-end tests only (DEV_LOGIN=1; issue 17): the seeded
 * studies, a fresh image link for one (ACTIVE, or EXPIRED at once), a fresh
 * booking key for a study's appointment so a journey can sign in to its
 * results, and the release job now.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { expireImageLink } from '../db/image-links.repo.js';
import { studyByAccession } from '../db/imaging.repo.js';
import { keyRef, secretHash } from '../db/secrets.js';
import { ApiError } from '../http/errors.js';
import { errorResponses } from '../schemas/common.js';
import { AccessionNumber } from '../schemas/imaging.schema.js';
import type { ImageLinkService } from '../services/image-links.service.js';
import type { ResultsRelease } from '../services/results-release.js';
import type { RouteDeps } from './deps.js';

const tags = ['development'];
const LinkBody = Type.Object(
  { accessionNumber: AccessionNumber, expired: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
type LinkBody = Static<typeof LinkBody>;
const StudyBody = Type.Object(
  { accessionNumber: AccessionNumber },
  { additionalProperties: false },
);
type StudyBody = Static<typeof StudyBody>;

export function devImagingRoutes(
  app: FastifyInstance,
  { db, clock }: RouteDeps,
  links: ImageLinkService,
  release: ResultsRelease,
): void {
  app.get(
    '/api/dev/imaging/studies',
    {
      schema: {
        tags,
        summary: 'The studies with their accession numbers and UIDs (DEV_LOGIN=1 only)',
        response: {
          200: Type.Array(
            Type.Object({
              accessionNumber: Type.String(),
              studyInstanceUid: Type.String(),
              modality: Type.String(),
              description: Type.String(),
              patientName: Type.String(),
              appointmentSlug: Type.Union([Type.String(), Type.Null()]),
              instances: Type.Integer(),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async () => {
      const { rows } = await db.query(
        `SELECT s.accession_number AS "accessionNumber", s.study_instance_uid AS "studyInstanceUid",
           s.modality, s.description, s.patient_name AS "patientName", a.slug AS "appointmentSlug",
           (SELECT count(*)::int FROM imaging_instances i JOIN imaging_series se ON se.id = i.series_id
            WHERE se.study_id = s.id) AS instances
         FROM imaging_studies s LEFT JOIN appointments a ON a.id = s.appointment_id
         ORDER BY s.accession_number`,
      );
      return rows;
    },
  );

  app.post<{ Body: LinkBody }>(
    '/api/dev/imaging/image_link',
    {
      schema: {
        tags,
        summary:
          'A fresh image link (imsec) for a study, EXPIRED at once with expired=true (DEV_LOGIN=1 only)',
        body: LinkBody,
        response: {
          200: Type.Object({
            imsec: Type.String(),
            quickReportUrl: Type.String(),
            studyInstanceUid: Type.String(),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const made = await links.generate(request.body.accessionNumber, undefined, 'dev');
      if (!made) throw new ApiError(404, 'message.not_found');
      if (request.body.expired) await expireImageLink(db, secretHash(made.imsec));
      return {
        imsec: made.imsec,
        quickReportUrl: made.quickReportUrl,
        studyInstanceUid: made.study.studyInstanceUid,
      };
    },
  );

  app.post<{ Body: StudyBody }>(
    '/api/dev/imaging/patient_key',
    {
      schema: {
        tags,
        summary:
          "A new booking key for a study's appointment (the seed's keys are unknown), to sign in " +
          'to its results (DEV_LOGIN=1 only)',
        body: StudyBody,
        response: {
          200: Type.Object({ bookingKey: Type.String(), slug: Type.String() }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const study = await studyByAccession(db, request.body.accessionNumber, 'PORTAL');
      if (!study?.appointmentId) throw new ApiError(404, 'message.not_found');
      const bookingKey = randomBytes(18).toString('base64url');
      const { rows } = await db.query<{ slug: string }>(
        'UPDATE appointments SET booking_key = $2 WHERE id = $1 RETURNING slug',
        [study.appointmentId, keyRef(bookingKey)],
      );
      return { bookingKey, slug: rows[0]!.slug };
    },
  );

  app.post(
    '/api/dev/imaging/release/run',
    {
      schema: {
        tags,
        summary: 'Releases due results now, with their messages (DEV_LOGIN=1 only)',
        response: { 200: Type.Object({ released: Type.Integer() }), ...errorResponses },
      },
    },
    async () => ({ released: await release.releaseDue(clock()) }),
  );
}
