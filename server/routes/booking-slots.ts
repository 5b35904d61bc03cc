import type { FastifyInstance } from 'fastify';
import {
  SLOT_INTERVALS_MEDIA_TYPE,
  type ClinicAppointmentRequest,
} from '../../src/contract/booking.js';
import {
  ClinicAppointmentRequestSchema,
  ClinicIntervalsList,
  ClinicSlotsList,
  NextAvailableQuery,
  SlotSchema,
} from '../schemas/booking-slots.schema.js';
import { errorResponses } from '../schemas/common.js';
import {
  restrictedMinDate,
  withoutRestrictedDays,
} from '../services/questionnaire-booking-rules.js';
import type { RouteDeps } from './deps.js';

const tags = ['booking'];

export function bookingSlotRoutes(app: FastifyInstance, { availability, db }: RouteDeps): void {
  app.post<{ Body: ClinicAppointmentRequest }>(
    '/api/booking/clinic_appointments',
    {
      schema: {
        tags,
        summary:
          'Free slots per clinic, start..end (clinic-local days, at most 62), minus slots ' +
          'held by keys other than examBookingKey; mobileLocationToken: the visit days only; ' +
          '400 message.exam_enquiry_only unless isBookingRequest. format "intervals": the same ' +
          'free time as runs of slots (ClinicIntervals, ' +
          `${SLOT_INTERVALS_MEDIA_TYPE}); src/domain/booking/slot-intervals.ts decodes it`,
        body: ClinicAppointmentRequestSchema,
        response: {
          200: {
            description: 'ClinicSlots[], or ClinicIntervals[] with format "intervals"',
            content: {
              'application/json': { schema: ClinicSlotsList },
              [SLOT_INTERVALS_MEDIA_TYPE]: { schema: ClinicIntervalsList },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      if (request.body.format === 'intervals') {
        const minDate = await restrictedMinDate(db, request.body.examBookingKey);
        const clinics = await availability.clinicIntervals(request.body, minDate);
        return reply.type(SLOT_INTERVALS_MEDIA_TYPE).send(clinics);
      }
      // A RESTRICT_MIN_DATE answer of the key hides the days before its date (R-4-quest-10).
      const clinics = await availability.clinicAppointments(request.body);
      return withoutRestrictedDays(db, request.body.examBookingKey, clinics);
    },
  );

  app.get<{ Querystring: NextAvailableQuery }>(
    '/api/booking/find_next_available',
    {
      schema: {
        tags,
        summary: 'The earliest free slot within 90 days; 404 message.no_slots_available',
        querystring: NextAvailableQuery,
        response: { 200: SlotSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { examSlug, clinicIds, from, bookingKey } = request.query;
      const minDate = await restrictedMinDate(db, bookingKey);
      return availability.findNextAvailable({
        examSlug,
        clinicIds: clinicIds.split(',').map(Number),
        from: minDate !== null && (from === undefined || from < minDate) ? minDate : from,
        bookingKey,
      });
    },
  );
}
