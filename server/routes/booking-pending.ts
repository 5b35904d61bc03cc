import type { FastifyInstance } from 'fastify';
import type {
  CreateAppointmentRequest,
  UpdateBookingKeyRequest,
} from '../../src/contract/booking.js';
import { bookAsHolder } from '../http/booking-session.js';
import { ApiError } from '../http/errors.js';
import { requestLocale } from '../http/request-locale.js';
import { idempotent } from '../http/idempotency.js';
import { assertKeyOfBrowser, browserHash, keyInvalidConflict } from '../http/key-binding.js';
import { strictRateLimit } from '../http/rate-limit.js';
import {
  BookingKeyParams,
  UpdateBookingKeyRequestSchema,
} from '../schemas/booking-holds.schema.js';
import {
  AppointmentResponseSchema,
  BookingKeyResponse,
  CreateAppointmentRequestSchema,
  ValidationErrorBody,
} from '../schemas/booking.schema.js';
import { errorResponses, NoContent } from '../schemas/common.js';
import type { RouteDeps } from './deps.js';

const tags = ['booking'];

const noPendingAppointment = () =>
  new ApiError(404, 'message.appointment_not_found', 'no pending appointment');

/** Pending appointments, their notifications, and booking-key rotation. */
export function bookingPendingRoutes(
  app: FastifyInstance,
  { db, config, bookings, bookingKeys, sessions }: RouteDeps,
): void {
  const createLimit = strictRateLimit(db, 'booking-create', config.booking.createRateLimit);

  app.post<{ Body: CreateAppointmentRequest }>(
    '/api/booking/pending_appointments',
    {
      onRequest: createLimit,
      schema: {
        tags,
        summary:
          'Books a slot as PENDING (it blocks the device); e-mails wait for /notifications. ' +
          'Errors as POST /api/booking/appointments',
        body: CreateAppointmentRequestSchema,
        response: { 200: AppointmentResponseSchema, 400: ValidationErrorBody, ...errorResponses },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      await assertKeyOfBrowser(db, request, request.body.bookingKey, keyInvalidConflict);
      // As POST /api/booking/appointments: a reschedule needs the old booking's session, and
      // the patient holds the new booking at once (its page is /appointments/pending/{key}).
      return bookAsHolder(sessions, request, reply, 'appointment', (holderKey) =>
        idempotent(db, request, 'pending_appointments', (remember) =>
          bookings.createPendingAppointment(request.body, {
            holderKey,
            remember,
            locale: requestLocale(request),
          }),
        ),
      );
    },
  );

  app.post<{ Params: BookingKeyParams }>(
    '/api/booking/pending_appointments/:bookingKey/notifications',
    {
      schema: {
        tags,
        summary:
          "Queues the confirmation e-mails of the key's pending appointments, once (204); " +
          '404 message.appointment_not_found (also when the key was not issued to this browser)',
        params: BookingKeyParams,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await assertKeyOfBrowser(db, request, request.params.bookingKey, noPendingAppointment);
      await bookings.sendPendingNotifications(request.params.bookingKey);
      return reply.code(204).send();
    },
  );

  app.post<{ Body: UpdateBookingKeyRequest }>(
    '/api/booking/booking_key/update',
    {
      schema: {
        tags,
        summary:
          'Moves the temporary documents, questionnaire answers and holds of an unused key to ' +
          'a new one, both issued to this browser; 404 message.booking_key_invalid (also for ' +
          "another browser's key), 409 message.booking_key_used when either was used",
        body: UpdateBookingKeyRequestSchema,
        response: { 200: BookingKeyResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return bookingKeys.updateBookingKey(request.body, browserHash(request));
    },
  );
}
