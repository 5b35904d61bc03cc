import type { FastifyInstance } from 'fastify';
import {
  BodyPartList,
  BookingClinicList,
  ClinicsQuery,
  ExamList,
  ExamsQuery,
  ModalityList,
  PostalCodeQuery,
  PostCodeLocationSchema,
  RegionList,
} from '../schemas/booking-catalogue.schema.js';
import { errorResponses } from '../schemas/common.js';
import type { RouteDeps } from './deps.js';

const tags = ['booking'];

/** The booking catalogue: public, read-only, cacheable for a few minutes. */
export function bookingCatalogueRoutes(app: FastifyInstance, { catalogue }: RouteDeps): void {
  const cached = { 'cache-control': 'public, max-age=300' };

  app.get(
    '/api/booking/modalities',
    {
      schema: {
        tags,
        summary: 'Modalities (MRI, CT, …)',
        response: { 200: ModalityList, ...errorResponses },
      },
    },
    async (_request, reply) => reply.headers(cached).send(await catalogue.modalities()),
  );

  app.get(
    '/api/booking/body_parts',
    {
      schema: {
        tags,
        summary: 'Body parts of the body-figure picker',
        response: { 200: BodyPartList, ...errorResponses },
      },
    },
    async (_request, reply) => reply.headers(cached).send(await catalogue.bodyParts()),
  );

  app.get<{ Querystring: ExamsQuery }>(
    '/api/booking/exams',
    {
      schema: {
        tags,
        summary: 'Exams by priority, optionally of one modality and body part (slug)',
        querystring: ExamsQuery,
        response: { 200: ExamList, ...errorResponses },
      },
    },
    async (request, reply) => reply.headers(cached).send(await catalogue.exams(request.query)),
  );

  app.get(
    '/api/booking/regions',
    {
      schema: {
        tags,
        summary: 'Regions with their map centres',
        response: { 200: RegionList, ...errorResponses },
      },
    },
    async (_request, reply) => reply.headers(cached).send(await catalogue.regions()),
  );

  app.get<{ Querystring: PostalCodeQuery }>(
    '/api/booking/postal_code_location',
    {
      schema: {
        tags,
        summary: 'Location of a post code; 404 message.postcode_not_found',
        querystring: PostalCodeQuery,
        response: { 200: PostCodeLocationSchema, ...errorResponses },
      },
    },
    async (request) => catalogue.postalCodeLocation(request.query.code, request.query.country),
  );

  app.get<{ Querystring: ClinicsQuery }>(
    '/api/booking/clinics',
    {
      schema: {
        tags,
        summary:
          'Clinics offering an exam, nearest first from latitude/longitude, or of a region; ' +
          '404 message.exam_not_found',
        querystring: ClinicsQuery,
        response: { 200: BookingClinicList, ...errorResponses },
      },
    },
    async (request) => catalogue.clinics(request.query),
  );
}
