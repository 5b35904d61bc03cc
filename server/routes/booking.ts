import { keyRef } from '../db/secrets.js';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type {
  CreateAppointmentRequest,
  CreateBookingRequestRequest,
} from '../../src/contract/booking.js';
import { bookAsHolder } from '../http/booking-session.js';
import { ApiError } from '../http/errors.js';
import { requestLocale } from '../http/request-locale.js';
import { idempotent } from '../http/idempotency.js';
import { assertKeyOfBrowser, ensureBrowser, keyInvalidConflict } from '../http/key-binding.js';
import { strictRateLimit } from '../http/rate-limit.js';
import {
  AppointmentResponseSchema,
  BookingKeyResponse,
  BookingRequestResponseSchema,
  CalendarParams,
  CreateAppointmentRequestSchema,
  CreateBookingRequestRequestSchema,
  ValidationErrorBody,
} from '../schemas/booking.schema.js';
import { errorResponses } from '../schemas/common.js';
import { SESSION_COOKIE } from '../services/session.service.js';
import type { RouteDeps } from './deps.js';

const tags = ['booking'];

const noAppointment = () =>
  new ApiError(404, 'message.appointment_not_found', 'no such appointment');

export function bookingRoutes(
  app: FastifyInstance,
  { db, config, bookings, bookingRequests, sessions }: RouteDeps,
): void {
  const createLimit = strictRateLimit(db, 'booking-create', config.booking.createRateLimit);

  app.post(
    '/api/booking/booking_key',
    {
      schema: {
        tags,
        summary:
          'A new unguessable booking key (144 random bits): one booking request, or the ' +
          'appointments of one booking (each exam once, within 15 minutes). The key is bound ' +
          'to this browser (HttpOnly cookie __Host-imaging_browser): only it may book with it.',
        response: { 200: BookingKeyResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { bookingKey: await bookings.newBookingKey(ensureBrowser(request, reply)) };
    },
  );

  app.post<{ Body: CreateAppointmentRequest }>(
    '/api/booking/appointments',
    {
      onRequest: createLimit,
      schema: {
        tags,
        summary:
          'Books a slot. 400 message.validation_error (fields), 409 message.slot_conflict, ' +
          'message.booking_key_used or message.booking_key_invalid (also when the key was not ' +
          'issued to this browser). With an Idempotency-Key header a repeated call answers ' +
          'the first answer, never a second booking; 422 message.idempotency_key_reused',
        body: CreateAppointmentRequestSchema,
        response: { 200: AppointmentResponseSchema, 400: ValidationErrorBody, ...errorResponses },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      await assertKeyOfBrowser(db, request, request.body.bookingKey, keyInvalidConflict);
      // Reschedule or change (appointmentSlug): only the holder of the old booking may replace it.
      return bookAsHolder(sessions, request, reply, 'appointment', (holderKey) =>
        idempotent(db, request, 'appointments', (remember) =>
          bookings.createAppointment(request.body, {
            holderKey,
            remember,
            locale: requestLocale(request),
          }),
        ),
      );
    },
  );

  app.post<{ Body: CreateBookingRequestRequest }>(
    '/api/booking/booking_requests',
    {
      onRequest: createLimit,
      schema: {
        tags,
        summary:
          'Sends a booking request (enquiry). 400 message.validation_error (fields), ' +
          '409 message.booking_key_used or message.booking_key_invalid (also when the key was ' +
          'not issued to this browser); Idempotency-Key as for appointments',
        body: CreateBookingRequestRequestSchema,
        response: {
          200: BookingRequestResponseSchema,
          400: ValidationErrorBody,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      await assertKeyOfBrowser(db, request, request.body.bookingKey, keyInvalidConflict);
      return bookAsHolder(sessions, request, reply, 'booking_request', () =>
        idempotent(db, request, 'booking_requests', (remember) =>
          bookingRequests.createBookingRequest(request.body, {
            remember,
            locale: requestLocale(request),
          }),
        ),
      );
    },
  );

  app.get<{ Params: CalendarParams }>(
    '/api/booking/appointments/:bookingKey/calendar.ics',
    {
      schema: {
        tags,
        summary:
          'The appointments of a booking key as an iCalendar file, for the browser that booked ' +
          'them or a session holding the booking; 404 message.appointment_not_found otherwise',
        params: CalendarParams,
        response: {
          200: {
            description: 'RFC 5545 calendar',
            content: { 'text/calendar': { schema: Type.String() } },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      // The booking's own browser (its key's secret) or a session holding the booking; a key
      // alone from an e-mail link is not enough (docs/security.md).
      const { bookingKey } = request.params;
      const session = await sessions.read(request.cookies[SESSION_COOKIE]);
      if (session?.bookingKey !== keyRef(bookingKey))
        await assertKeyOfBrowser(db, request, bookingKey, noAppointment);
      const file = await bookings.calendarFile(keyRef(bookingKey), bookingKey);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
}
