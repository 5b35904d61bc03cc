import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { sqlState } from '../db/db.js';
import { keyRef } from '../db/secrets.js';
import { ApiError } from '../http/errors.js';
import { errorResponses, Int, SINGLE_LINE_PATTERN } from '../schemas/common.js';
import type { RouteDeps } from './deps.js';

const SLUG = '^[a-z0-9-]+$';

const StartingSoonBody = Type.Object(
  {
    /** Minutes from now to the start (negative: started already); 30 minutes long. */
    startsInMinutes: Int({ minimum: -600, maximum: 600 }),
    clinicSlug: Type.String({ maxLength: 80, pattern: SLUG }),
    examSlug: Type.String({ maxLength: 80, pattern: SLUG }),
    firstName: Type.String({ minLength: 1, maxLength: 60, pattern: SINGLE_LINE_PATTERN }),
    lastName: Type.String({ minLength: 1, maxLength: 60, pattern: SINGLE_LINE_PATTERN }),
    dateOfBirth: Type.String({ format: 'date', maxLength: 10 }),
    email: Type.String({ format: 'email', maxLength: 120 }),
  },
  { additionalProperties: false },
);
type StartingSoonBody = Static<typeof StartingSoonBody>;

/**
 * Development and end-to-end tests only (DEV_LOGIN=1): an appointment that
 * starts a given number of minutes from now, whatever the opening hours, so a
 * check-in journey (issue 16) runs at any hour of the day. It takes a device
 * of the exam's modality at the clinic that is free then (the exclusion
 * constraint still holds).
 */
export function devAppointmentRoutes(app: FastifyInstance, { db }: RouteDeps): void {
  app.post<{ Body: StartingSoonBody }>(
    '/api/dev/appointments',
    {
      schema: {
        tags: ['development'],
        summary: 'Books an appointment starting in N minutes (DEV_LOGIN=1 only)',
        body: StartingSoonBody,
        response: {
          200: Type.Object({ bookingKey: Type.String(), slug: Type.String() }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const body = request.body;
      const { rows: devices } = await db.query<{ device_id: number; exam_id: number }>(
        `SELECT d.id AS device_id, e.id AS exam_id FROM clinics c
         JOIN devices d ON d.clinic_id = c.id AND NOT d.mobile
         JOIN exams e ON e.modality_id = d.modality_id AND e.slug = $2
         WHERE c.slug = $1 ORDER BY d.id`,
        [body.clinicSlug, body.examSlug],
      );
      const start = new Date(Date.now() + body.startsInMinutes * 60_000);
      start.setSeconds(0, 0);
      const end = new Date(start.getTime() + 30 * 60_000);
      for (const { device_id: deviceId, exam_id: examId } of devices) {
        const bookingKey = randomBytes(18).toString('base64url');
        const slug = `dev-${randomBytes(6).toString('hex')}`;
        try {
          await db.query(
            `INSERT INTO appointments (booking_key, slug, device_id, exam_id, during, status,
               patient_first_name, patient_last_name, patient_email, patient_date_of_birth)
             VALUES ($1, $2, $3, $4, tstzrange($5::timestamptz, $6::timestamptz), 'BOOKED',
               $7, $8, $9, $10::date)`,
            [
              keyRef(bookingKey),
              slug,
              deviceId,
              examId,
              start.toISOString(),
              end.toISOString(),
              body.firstName,
              body.lastName,
              body.email,
              body.dateOfBirth,
            ],
          );
          // Its reminder can carry the check-in link (issue 16 part 7), as a booking's does.
          await app.reminders.sealKey(db, slug, bookingKey);
          return { bookingKey, slug };
        } catch (error) {
          // Another visit holds this device then: try the next one.
          if (sqlState(error) !== '23P01') throw error;
        }
      }
      throw new ApiError(409, 'message.slot_conflict', 'no free device then');
    },
  );

  // The reminders job, now rather than at its next interval (end-to-end tests).
  app.post(
    '/api/dev/reminders/run',
    {
      schema: {
        tags: ['development'],
        summary: 'Queues every reminder due now (DEV_LOGIN=1 only)',
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (_request, reply) => {
      await app.reminders.runOnce();
      return reply.code(204).send();
    },
  );
}
