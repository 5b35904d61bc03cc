/**
 * Creating bookings (spec 4 "Creating bookings", R-7-calls-32/34): booking
 * keys, appointments and their calendar file (booking requests are in
 * booking-request.service.ts).
 * The database has the last word on double booking: the exclusion
 * constraint appointments_no_double_booking turns a lost race into 409.
 */
import { randomBytes } from 'node:crypto';
import type {
  AppointmentResponse,
  CreateAppointmentRequest,
} from '../../src/api/booking.contract.js';
import { insertAppointment } from '../db/appointments.repo.js';
import { findDevice } from '../db/availability.repo.js';
import { findBookingClinic, offeredExamIds } from '../db/booking-catalogue.repo.js';
import {
  findAppointmentsByKey,
  insertBookingKey,
  insertOutboxMessage,
  lockDevice,
} from '../db/booking.repo.js';
import type { Db } from '../db/db.js';
import { ApiError } from '../http/errors.js';
import type { AvailabilityService } from './availability.service.js';
import { requireExam } from './availability.service.js';
import {
  asConflict,
  retryOnDeadlock,
  claimKey,
  clinicAddress,
  emailHash,
  newSlug,
  preparationOf,
} from './booking-common.js';
import { appointmentEmail, appointmentLink } from './booking-emails.js';
import { buildIcs, type IcsEvent } from './ics.js';
import { validatePatient } from './patient-validation.js';
import { formatZonedIso, zonedDate } from './zoned-time.js';

const ICS_STATUS: Record<string, IcsEvent['status']> = {
  CANCELED: 'CANCELLED',
  PENDING: 'TENTATIVE',
};

/** 18 random bytes: 144 bits, 24 base64url characters. */
const BOOKING_KEY_BYTES = 18;

export interface BookingServiceOptions {
  clock: () => Date;
  publicUrl: string;
  availability: AvailabilityService;
}

export interface CalendarFile {
  fileName: string;
  body: string;
}

export interface BookingService {
  newBookingKey(): Promise<string>;
  createAppointment(request: CreateAppointmentRequest): Promise<AppointmentResponse>;
  calendarFile(bookingKey: string): Promise<CalendarFile>;
}

export function createBookingService(db: Db, options: BookingServiceOptions): BookingService {
  const { clock, publicUrl, availability } = options;

  return {
    async newBookingKey() {
      for (let attempt = 0; attempt < 3; attempt++) {
        const key = randomBytes(BOOKING_KEY_BYTES).toString('base64url');
        if (await insertBookingKey(db, key)) return key;
      }
      throw new Error('could not issue a unique booking key');
    },

    async createAppointment(request) {
      const patient = validatePatient(request.patient, clock());
      const exam = await requireExam(db, request.examSlug);
      if (exam.enquiryOnly) {
        throw new ApiError(400, 'message.exam_enquiry_only', `${exam.slug} is enquiry only`);
      }
      const [device, clinic, offered] = await Promise.all([
        findDevice(db, request.deviceId),
        findBookingClinic(db, request.clinicId),
        offeredExamIds(db, request.clinicId, [exam.id]),
      ]);
      if (!clinic || !device || device.clinicId !== clinic.id) {
        throw new ApiError(400, 'message.bad_request', 'device not at that clinic');
      }
      if (device.modalityId !== exam.modalityId || offered.length === 0) {
        throw new ApiError(400, 'message.exam_not_offered', 'exam not offered there');
      }
      const startMs = Date.parse(request.startDateTime);
      if (Number.isNaN(startMs)) throw new ApiError(400, 'message.bad_request', 'bad start');
      const durationMinutes = exam.durationMinutes;
      await availability.assertOnGrid({
        clinicId: clinic.id,
        timeZone: clinic.timeZone,
        durationMinutes,
        startMs,
      });
      const endMs = startMs + durationMinutes * 60_000;
      const slug = newSlug();
      const address = clinicAddress(clinic);
      const preparation = preparationOf(exam);
      await retryOnDeadlock(() =>
        db.transaction(async (tx) => {
          await claimKey(tx, request.bookingKey, 'appointment');
          await lockDevice(tx, device.id);
          await insertAppointment(tx, {
            bookingKey: request.bookingKey,
            slug,
            deviceId: device.id,
            examId: exam.id,
            start: new Date(startMs),
            end: new Date(endMs),
            status: 'BOOKED',
            patient,
          });
          await insertOutboxMessage(
            tx,
            appointmentEmail({
              publicUrl,
              bookingKey: request.bookingKey,
              to: patient.email,
              patientName: `${patient.firstName} ${patient.lastName}`,
              examName: exam.name,
              clinicName: clinic.name,
              clinicAddress: address,
              startMs,
              timeZone: clinic.timeZone,
              preparation,
            }),
          );
        }),
      ).catch((error: unknown) => {
        throw asConflict(error);
      });
      return {
        slug,
        bookingKey: request.bookingKey,
        success: true,
        errorMessage: null,
        modalityName: exam.modalityName,
        examName: exam.name,
        clinicName: clinic.name,
        patientEmailHash: emailHash(patient.email),
        date: formatZonedIso(startMs, clinic.timeZone),
        endTime: formatZonedIso(endMs, clinic.timeZone),
        timeZone: clinic.timeZone,
        clinicAddress: address,
        preparation,
      };
    },

    async calendarFile(bookingKey) {
      const appointments = await findAppointmentsByKey(db, bookingKey);
      const first = appointments[0];
      if (!first) throw new ApiError(404, 'message.appointment_not_found', 'no such appointment');
      const link = appointmentLink(publicUrl, bookingKey);
      const host = new URL(publicUrl).hostname;
      const body = buildIcs(
        appointments.map((a) => ({
          uid: `${a.slug}@${host}`,
          stampMs: clock().getTime(),
          startMs: a.startMs,
          endMs: a.endMs,
          timeZone: a.timeZone,
          summary: `${a.examName} at ${a.clinicName}`,
          location: `${a.clinicName}, ${clinicAddress(a)}`,
          description: [a.examName, a.preparation, link].filter(Boolean).join('\n\n'),
          url: link,
          status: ICS_STATUS[a.status] ?? 'CONFIRMED',
        })),
      );
      return { fileName: `appointment-${zonedDate(first.startMs, first.timeZone)}.ics`, body };
    },
  };
}
