import { keyRef } from '../db/secrets.js';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type {
  CallbackRequest,
  CallCentreEmailRequest,
  CancelAppointmentRequest,
} from '../../src/contract/appointments.js';
import { moveIntoPast } from '../db/appointment-pages.repo.js';
import { ApiError } from '../http/errors.js';
import { strictRateLimit, type RateLimitOptions } from '../http/rate-limit.js';
import { requireAppointment } from '../http/secured.js';
import {
  AppointmentSummarySchema,
  AppointmentViewSchema,
  CallbackRequestSchema,
  CallCentreEmailSchema,
  CancelAppointmentSchema,
  CancelResultSchema,
  CanChangeQuery,
  CanChangeStatusSchema,
  SlugParams,
  SummaryRequestSchema,
} from '../schemas/appointments.schema.js';
import { errorResponses, NoContent } from '../schemas/common.js';
import type { RouteDeps } from './deps.js';

const tags = ['appointments'];
const security = [{ session: [] }];
const BASE = '/api/secured/appointments';

/**
 * Messages to the clinic (call-centre e-mail, callback request) from one client address: a
 * booking gives its browser a session at once, so without a limit of their own one anonymous
 * script queued hundreds of e-mails a minute to the clinic's mailbox, and the outbox sends in
 * order, so real patients' one-time codes waited behind them (issue 13 attack run).
 */
export const CALL_CENTRE_RATE_LIMIT: RateLimitOptions = { max: 10, windowSeconds: 15 * 60 };

/**
 * The appointment pages' calls (spec 7 "Appointment pages", R-7-calls-40/43/47).
 * Every route checks that the session holds the appointment's booking key
 * (401 without a session, 403 for any other booking).
 */
export function appointmentRoutes(
  app: FastifyInstance,
  { db, config, appointmentPages, bookings }: RouteDeps,
): void {
  // After the secured area's session check (an app hook): only sessions spend the budget.
  const callCentreLimit = strictRateLimit(
    db,
    'call-centre',
    config.callCentreRateLimit ?? CALL_CENTRE_RATE_LIMIT,
  );
  app.post<{ Body: { bookingKey: string } }>(
    `${BASE}/summary`,
    {
      schema: {
        tags,
        security,
        summary: 'Every appointment of a booking key, with the provider change rules',
        body: SummaryRequestSchema,
        response: { 200: AppointmentSummarySchema, ...errorResponses },
      },
    },
    async (request) => {
      const owned = await requireAppointment(db, request, { bookingKey: request.body.bookingKey });
      return appointmentPages.summary(owned.bookingKey, request.body.bookingKey);
    },
  );

  app.post<{ Params: SlugParams }>(
    `${BASE}/:id/confirm`,
    {
      schema: {
        tags,
        security,
        summary:
          'Confirms an appointment; 409 message.appointment_not_confirmable when past or cancelled',
        params: SlugParams,
        response: { 200: AppointmentViewSchema, ...errorResponses },
      },
    },
    async (request) => {
      const owned = await requireAppointment(db, request, { slug: request.params.id });
      return appointmentPages.confirm(owned.id);
    },
  );

  app.get<{ Params: SlugParams; Querystring: CanChangeQuery }>(
    `${BASE}/:id/can_change_status`,
    {
      schema: {
        tags,
        security,
        summary:
          'Whether the appointment may be cancelled or rescheduled (action, default RESCHEDULE): ' +
          'canChange and reason APPOINTMENT_CANCELLED, PRIOR_MINUTES or ENQUIRE_ONLY',
        params: SlugParams,
        querystring: CanChangeQuery,
        response: { 200: CanChangeStatusSchema, ...errorResponses },
      },
    },
    async (request) => {
      const owned = await requireAppointment(db, request, { slug: request.params.id });
      return appointmentPages.canChange(owned.id, request.query.action ?? 'RESCHEDULE');
    },
  );

  app.post<{ Params: SlugParams; Body: CancelAppointmentRequest }>(
    `${BASE}/:id/cancel`,
    {
      schema: {
        tags,
        security,
        summary:
          'Cancels with a reason label (one of the summary cancelReasons) and a note; ' +
          '409 message.cancel_not_allowed within the prior minutes',
        params: SlugParams,
        body: CancelAppointmentSchema,
        response: { 200: CancelResultSchema, ...errorResponses },
      },
    },
    async (request) => {
      const owned = await requireAppointment(db, request, { slug: request.params.id });
      return appointmentPages.cancel(owned.slug, request.body);
    },
  );

  app.get<{ Params: SlugParams }>(
    `${BASE}/:id/calendar.ics`,
    {
      schema: {
        tags,
        security,
        summary: "The booking's appointments as an iCalendar file (clinic address, TZID)",
        params: SlugParams,
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
      const owned = await requireAppointment(db, request, { slug: request.params.id });
      const file = await bookings.calendarFile(owned.bookingKey);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );

  app.post<{ Params: SlugParams }>(
    `${BASE}/:id/unsubscribe`,
    {
      schema: {
        tags,
        security,
        summary: 'No more e-mails about the booking key of this appointment',
        params: SlugParams,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      const owned = await requireAppointment(db, request, { slug: request.params.id });
      await appointmentPages.unsubscribe(owned.bookingKey);
      return reply.code(204).send();
    },
  );

  app.post<{ Params: SlugParams; Body: CallCentreEmailRequest }>(
    `${BASE}/:id/call_centre_email`,
    {
      onRequest: callCentreLimit,
      schema: {
        tags,
        security,
        summary:
          "Queues the patient's message to the call centre (outbox); 429 " +
          'message.too_many_requests after 10 messages and callback requests of one address in ' +
          '15 minutes',
        params: SlugParams,
        body: CallCentreEmailSchema,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      const owned = await requireAppointment(db, request, { slug: request.params.id });
      await appointmentPages.sendCallCentreEmail(owned.id, request.body.message);
      return reply.code(204).send();
    },
  );

  app.post<{ Params: SlugParams; Body: CallbackRequest }>(
    `${BASE}/:id/callback_request`,
    {
      onRequest: callCentreLimit,
      schema: {
        tags,
        security,
        summary:
          'Queues a callback request to the call centre (outbox); 429 message.too_many_requests ' +
          'as for the call-centre e-mail',
        params: SlugParams,
        body: CallbackRequestSchema,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      const owned = await requireAppointment(db, request, { slug: request.params.id });
      await appointmentPages.requestCallback(owned.id, request.body);
      return reply.code(204).send();
    },
  );

  if (!config.devLogin) return;
  // End-to-end tests: an appointment that has already happened (the EXPIRED deny page).
  app.post<{ Body: { bookingKey: string } }>(
    '/api/dev/appointments/expire',
    {
      schema: {
        tags: ['development'],
        summary: "Moves a booking's appointments 400 days into the past (DEV_LOGIN=1 only)",
        body: SummaryRequestSchema,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      if ((await moveIntoPast(db, keyRef(request.body.bookingKey))) === 0)
        throw new ApiError(404, 'message.appointment_not_found');
      return reply.code(204).send();
    },
  );
}
