import type { FastifyInstance } from 'fastify';
import {
  BookingClinicList,
  ExamList,
  PostCodeLocationSchema,
} from '../schemas/booking-catalogue.schema.js';
import {
  ClinicIdsQuery,
  ClinicParams,
  ExamGroupResponse,
  GroupExamsQuery,
  LocationQuery,
  MobileLocationList,
  MobileLocationsQuery,
  WalkInExamList,
  WalkInQuery,
} from '../schemas/booking-lookups.schema.js';
import { errorResponses } from '../schemas/common.js';
import type { RouteDeps } from './deps.js';

const tags = ['booking'];
const cached = { 'cache-control': 'public, max-age=300' };

/** The second part of the booking catalogue: public and read-only. */
export function bookingLookupRoutes(app: FastifyInstance, { lookups }: RouteDeps): void {
  app.get<{ Querystring: ClinicIdsQuery }>(
    '/api/booking/clinics/by_ids',
    {
      schema: {
        tags,
        summary: 'Clinics by id, in the order asked (unknown ids left out)',
        querystring: ClinicIdsQuery,
        response: { 200: BookingClinicList, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .headers(cached)
        .send(await lookups.clinicsByIds(request.query.ids.split(',').map(Number))),
  );

  app.get<{ Params: ClinicParams }>(
    '/api/booking/clinics/:clinicId/exams',
    {
      schema: {
        tags,
        summary: 'Exams the clinic offers, by priority; 404 message.clinic_not_found',
        params: ClinicParams,
        response: { 200: ExamList, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.headers(cached).send(await lookups.clinicExams(request.params.clinicId)),
  );

  app.get<{ Querystring: LocationQuery }>(
    '/api/booking/code_from_location',
    {
      schema: {
        tags,
        summary: 'The known post code nearest the location (great-circle distance)',
        querystring: LocationQuery,
        response: { 200: PostCodeLocationSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.headers(cached).send(await lookups.codeFromLocation(request.query)),
  );

  app.get<{ Querystring: GroupExamsQuery }>(
    '/api/booking/group_exams',
    {
      schema: {
        tags,
        summary: 'The clinics offering every one of the exams; 404 message.exam_not_found',
        querystring: GroupExamsQuery,
        response: { 200: ExamGroupResponse, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.headers(cached).send(await lookups.groupExams(request.query.examSlugs.split(','))),
  );

  app.get<{ Querystring: WalkInQuery }>(
    '/api/booking/walk_in_exams',
    {
      schema: {
        tags,
        summary: 'Walk-in exams, of one clinic or all; [] unless bookingForm.walkInEnabled',
        querystring: WalkInQuery,
        response: { 200: WalkInExamList, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.headers(cached).send(await lookups.walkInExams(request.query.clinicId)),
  );

  app.get(
    '/api/booking/enquiry_exams',
    {
      schema: {
        tags,
        summary: 'Exams that are enquiry only (a booking request) in every clinic',
        response: { 200: ExamList, ...errorResponses },
      },
    },
    async (_request, reply) => reply.headers(cached).send(await lookups.enquiryExams()),
  );

  app.get<{ Querystring: MobileLocationsQuery }>(
    '/api/booking/mobile_locations',
    {
      schema: {
        tags,
        summary: 'Visits of mobile units whose days overlap from..to, earliest first',
        querystring: MobileLocationsQuery,
        response: { 200: MobileLocationList, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'public, max-age=60')
        .send(await lookups.mobileLocations(request.query)),
  );
}
