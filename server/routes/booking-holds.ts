import type { FastifyInstance } from 'fastify';
import type { ReserveSlotsRequest } from '../../src/contract/booking.js';
import {
  BookingKeyParams,
  ReferenceAppointmentList,
  ReferenceAppointmentsRequestSchema,
  ReserveSlotsRequestSchema,
  SlotHoldList,
  type ReferenceAppointmentsBody,
} from '../schemas/booking-holds.schema.js';
import { assertKeyOfBrowser, isKeyOfBrowser, keyInvalidConflict } from '../http/key-binding.js';
import { errorResponses, NoContent } from '../schemas/common.js';
import type { RouteDeps } from './deps.js';

const tags = ['booking'];

/** Slot holds and reference appointments (several exams on one visit). */
export function bookingHoldRoutes(
  app: FastifyInstance,
  { db, holds, referenceAppointments }: RouteDeps,
): void {
  app.post<{ Body: ReserveSlotsRequest }>(
    '/api/booking/reserve_slots',
    {
      schema: {
        tags,
        summary:
          'Holds slots for the key for bookingForm.slotHoldMinutes, replacing its earlier ' +
          'holds; 409 message.slot_conflict (booked or held by another key), ' +
          'message.booking_key_invalid; 429 message.hold_limit_reached over 5 ' +
          'slots per key, 8 live holds per client address, or 30 minutes after the first hold',
        body: ReserveSlotsRequestSchema,
        response: { 200: SlotHoldList, ...errorResponses },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      // Only the browser the key was issued to holds slots with it (http/key-binding.ts).
      await assertKeyOfBrowser(db, request, request.body.bookingKey, keyInvalidConflict);
      return holds.reserve(request.body, { clientAddress: request.ip });
    },
  );

  app.delete<{ Params: BookingKeyParams }>(
    '/api/booking/reserve_slots/:bookingKey',
    {
      schema: {
        tags,
        summary: "Releases the key's holds (204, also when it has none)",
        params: BookingKeyParams,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      // Another browser's key: 204 as for a key without holds, and nothing is released.
      if (await isKeyOfBrowser(db, request, request.params.bookingKey))
        await holds.release(request.params.bookingKey);
      return reply.code(204).send();
    },
  );

  app.post<{ Body: ReferenceAppointmentsBody }>(
    '/api/booking/reference_appointments',
    {
      schema: {
        tags,
        summary:
          'Free slots for several exams in order at one clinic that fit one visit (each next ' +
          'starts within maxGapMinutes of the previous end); at most 200, earliest first',
        body: ReferenceAppointmentsRequestSchema,
        response: { 200: ReferenceAppointmentList, ...errorResponses },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return referenceAppointments.referenceAppointments(request.body);
    },
  );
}
