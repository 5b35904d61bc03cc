/**
 * The appointment's check-in calls (spec 7, R-7-calls-41/42; issue 16 part 5).
 * Every route needs the session of the appointment's booking key (401
 * without a session, 403 for any other booking, as requireAppointment).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CheckInForm } from '../../src/contract/check-in.js';
import { requireAppointment, securedSession } from '../http/secured.js';
import { SlugParams } from '../schemas/appointments.schema.js';
import {
  CheckInAppointmentsSchema,
  CheckInFormSchema,
  CheckInPollSchema,
  CheckInReadinessSchema,
  CheckInRefusalSchema,
  CheckInStateSchema,
} from '../schemas/check-in.schema.js';
import { ValidationErrorBody } from '../schemas/booking.schema.js';
import { errorResponses } from '../schemas/common.js';
import { ApiError } from '../http/errors.js';
import type { CheckInService } from '../services/check-in.service.js';
import type { RouteDeps } from './deps.js';

const tags = ['check-in'];
const security = [{ session: [] }];
const BASE = '/api/secured/appointments/:id/check_in';

export function checkInRoutes(
  app: FastifyInstance,
  { db }: RouteDeps,
  checkIns: CheckInService,
): void {
  const owned = (request: FastifyRequest<{ Params: SlugParams }>) =>
    requireAppointment(db, request, { slug: request.params.id });

  app.get<{ Params: SlugParams }>(
    BASE,
    {
      schema: {
        tags,
        security,
        summary:
          "The appointment's check-in: enabled, window (opensAt inclusive, closesAt exclusive), " +
          'disabledReason, the four flags, mode and the stored form',
        params: SlugParams,
        response: { 200: CheckInStateSchema, ...errorResponses },
      },
    },
    async (request) => checkIns.state((await owned(request)).id),
  );

  app.post<{ Params: SlugParams }>(
    BASE,
    {
      schema: {
        tags,
        security,
        summary:
          'Checks in (queued for the RIS: checkInSent; checkInSuccess once acknowledged). 409 ' +
          'message.check_in_not_allowed with priorMinutes and disabledReason outside the window; ' +
          '409 message.check_in_not_ready when readiness says no. A second call changes nothing.',
        params: SlugParams,
        response: { 200: CheckInStateSchema, 409: CheckInRefusalSchema, ...errorResponses },
      },
    },
    async (request) => checkIns.checkIn((await owned(request)).id),
  );

  app.get<{ Params: SlugParams }>(
    `${BASE}/readiness`,
    {
      schema: {
        tags,
        security,
        summary:
          'Whether the patient may check in now: window open, form prepared (PREPARE_FIRST), ' +
          'referral uploaded (requireReferralBeforeCheckIn, documentTypeId of the referral type)',
        params: SlugParams,
        response: { 200: CheckInReadinessSchema, ...errorResponses },
      },
    },
    async (request) => checkIns.readiness((await owned(request)).id),
  );

  app.post<{ Params: SlugParams; Body: CheckInForm }>(
    `${BASE}/prepare`,
    {
      schema: {
        tags,
        security,
        summary:
          'Stores the check-in form and queues it for the RIS (QuestionnaireResponse). 400 ' +
          'message.validation_error with a message key per field (fields); nothing stored',
        params: SlugParams,
        body: CheckInFormSchema,
        response: {
          200: CheckInStateSchema,
          400: ValidationErrorBody,
          409: CheckInRefusalSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const appointment = await owned(request);
      return checkIns.prepare(appointment.id, request.params.id, request.body);
    },
  );

  for (const [path, summary] of [
    ['sent', 'Poll: whether the check-in was acknowledged by the RIS (checkInSuccess)'],
    ['preparation_sent', 'Poll: whether the prepared form was acknowledged (checkInPreparedSent)'],
  ] as const)
    app.get<{ Params: SlugParams }>(
      `${BASE}/${path}`,
      {
        schema: {
          tags,
          security,
          summary,
          params: SlugParams,
          response: { 200: CheckInPollSchema, ...errorResponses },
        },
      },
      async (request) => checkIns.poll((await owned(request)).id),
    );

  app.get(
    '/api/secured/check_in/appointments',
    {
      schema: {
        tags,
        security,
        summary:
          "Today's (clinic-local) appointments of the session's booking key with their check-in " +
          '(bookingKey is empty: keys are held only as hashes; use the slugs)',
        response: { 200: CheckInAppointmentsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const session = securedSession(request);
      if (session.bookingKind !== 'appointment' || !session.bookingKey)
        throw new ApiError(403, 'message.forbidden');
      return checkIns.today(session.bookingKey);
    },
  );
}
