/**
 * Reference appointments (R-7-calls-33, slots for several exams at once): at one clinic, combinations of free slots for the exams in
 * the patient's order that fit one visit. Free means not booked and not held
 * by another booking key.
 */
import { keyRefOf } from '../db/secrets.js';
import type {
  ReferenceAppointment,
  ReferenceAppointmentsRequest,
} from '../../src/contract/booking.js';
import {
  findBookingClinic,
  findExamsBySlugs,
  offeredExamIds,
  type ExamRow,
} from '../db/booking-catalogue.repo.js';
import type { Queryable } from '../db/db.js';
import { ApiError } from '../http/errors.js';
import type { AvailabilityService } from './availability.service.js';
import { combineSlots } from './slot-combinations.js';
import { daysBetween, isIsoDate } from '../../src/domain/time/zoned-time.js';

/** Longest range of reference_appointments, in days. */
export const REFERENCE_MAX_DAYS = 14;
/** At most this many combinations are answered, earliest first: enough for a week view of two exams. */
export const REFERENCE_MAX_COMBINATIONS = 2000;
export const DEFAULT_MAX_GAP_MINUTES = 30;

/** The request, plus the booking key whose own holds stay free (not in the contract). */
export type ReferenceQuery = ReferenceAppointmentsRequest & { bookingKey?: string | undefined };

export interface ReferenceAppointmentService {
  referenceAppointments(request: ReferenceQuery): Promise<ReferenceAppointment[]>;
}

export function createReferenceAppointmentService(
  db: Queryable,
  availability: AvailabilityService,
): ReferenceAppointmentService {
  async function examsInOrder(slugs: string[], clinicId: number): Promise<ExamRow[]> {
    if (new Set(slugs).size !== slugs.length) {
      throw new ApiError(400, 'message.bad_request', 'an exam is named twice');
    }
    const found = await findExamsBySlugs(db, slugs);
    const exams = slugs.map((slug) => {
      const exam = found.find((row) => row.slug === slug);
      if (!exam) throw new ApiError(404, 'message.exam_not_found', slug);
      if (exam.enquiryOnly) throw new ApiError(400, 'message.exam_enquiry_only', slug);
      return exam;
    });
    const offered = await offeredExamIds(
      db,
      clinicId,
      exams.map((exam) => exam.id),
    );
    if (offered.length !== exams.length) {
      throw new ApiError(400, 'message.exam_not_offered', 'exam not offered there');
    }
    return exams;
  }

  return {
    async referenceAppointments(request) {
      const { start, end } = request;
      if (!isIsoDate(start) || !isIsoDate(end) || end < start) {
        throw new ApiError(400, 'message.bad_request', `bad date range ${start}..${end}`);
      }
      if (daysBetween(start, end) + 1 > REFERENCE_MAX_DAYS) {
        throw new ApiError(400, 'message.date_range_too_long', `over ${REFERENCE_MAX_DAYS} days`);
      }
      const clinic = await findBookingClinic(db, request.clinicId);
      if (!clinic) throw new ApiError(404, 'message.clinic_not_found', 'no such clinic');
      const exams = await examsInOrder(request.examSlugs, clinic.id);
      const lists = await Promise.all(
        exams.map((exam) =>
          availability.clinicFreeSlots({
            exam,
            clinicId: clinic.id,
            start,
            end,
            exceptKey: keyRefOf(request.bookingKey),
          }),
        ),
      );
      const maxGapMs = (request.maxGapMinutes ?? DEFAULT_MAX_GAP_MINUTES) * 60_000;
      return combineSlots(lists, maxGapMs, REFERENCE_MAX_COMBINATIONS).map((slots) => ({ slots }));
    },
  };
}
