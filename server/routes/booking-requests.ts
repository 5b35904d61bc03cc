import type { FastifyInstance } from 'fastify';
import { requireBookingRequest } from '../http/secured.js';
import {
  BookingRequestStatusSchema,
  BookingRequestSummarySchema,
  SlugParams,
  SummaryRequestSchema,
} from '../schemas/appointments.schema.js';
import { errorResponses } from '../schemas/common.js';
import type { RouteDeps } from './deps.js';

const tags = ['booking requests'];
const security = [{ session: [] }];
const BASE = '/api/secured/booking_requests';

/**
 * The booking-request pages' calls (R-7-calls-48): summary and status update
 * (cancel). The session must hold the request's booking key (401 / 403).
 */
export function bookingRequestPageRoutes(
  app: FastifyInstance,
  { db, bookingRequestPages }: RouteDeps,
): void {
  app.post<{ Body: { bookingKey: string } }>(
    `${BASE}/summary`,
    {
      schema: {
        tags,
        security,
        summary: 'The booking request of a booking key: exams, clinic, patient details, status',
        body: SummaryRequestSchema,
        response: { 200: BookingRequestSummarySchema, ...errorResponses },
      },
    },
    async (request) => {
      const owned = await requireBookingRequest(db, request, {
        bookingKey: request.body.bookingKey,
      });
      return bookingRequestPages.summary(owned.id, request.body.bookingKey);
    },
  );

  app.post<{ Params: SlugParams }>(
    `${BASE}/:id/cancel`,
    {
      schema: {
        tags,
        security,
        summary: 'Cancels the request (status CANCELED); 409 when the clinic has booked it',
        params: SlugParams,
        response: { 200: BookingRequestSummarySchema, ...errorResponses },
      },
    },
    async (request) => {
      const owned = await requireBookingRequest(db, request, { slug: request.params.id });
      return bookingRequestPages.cancel(owned.id);
    },
  );

  app.put<{ Params: SlugParams; Body: { status: 'CANCELED' } }>(
    `${BASE}/:id/status`,
    {
      schema: {
        tags,
        security,
        summary: 'Updates the status; a patient may only set CANCELED',
        params: SlugParams,
        body: BookingRequestStatusSchema,
        response: { 200: BookingRequestSummarySchema, ...errorResponses },
      },
    },
    async (request) => {
      const owned = await requireBookingRequest(db, request, { slug: request.params.id });
      return bookingRequestPages.cancel(owned.id);
    },
  );
}
