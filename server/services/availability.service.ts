/**
 * Free slots (spec 4 "Location and slots", R-7-calls-33): clinic
 * appointments for a date range, the next available slot, and the check that
 * a requested slot is one this service would offer.
 */
import { keyRefOf, type KeyRef } from '../db/secrets.js';
import type {
  ClinicAppointmentRequest,
  ClinicIntervals,
  ClinicSlots,
  Slot,
} from '../../src/contract/booking.js';
import { encodeClinicSlots } from '../../src/domain/booking/slot-intervals.js';
import {
  findExamWithVersions,
  listOpeningHours,
  type DeviceRow,
  type OpeningHoursRow,
  type SlotExam,
} from '../db/availability.repo.js';
import { findExam, type ExamRow } from '../db/booking-catalogue.repo.js';
import type { Queryable } from '../db/db.js';
import { isVisitDay, type MobileLocationRow } from '../db/mobile-locations.repo.js';
import { ApiError } from '../http/errors.js';
import { createFreeTimeCache, intervalsFrom, slotsFrom } from './availability-cache.js';
import { visitOf } from './mobile-visits.js';
import { isGridStart } from './slot-grid.js';
import { readSlotsAfresh } from './slots-afresh.js';
import { addDays, daysBetween, isIsoDate, zonedDate } from '../../src/domain/time/zoned-time.js';

/** Longest range of clinic_appointments, in days (a month view plus its edges). */
export const MAX_RANGE_DAYS = 62;
/** find_next_available looks this many days ahead. */
export const NEXT_AVAILABLE_DAYS = 90;
const NEXT_AVAILABLE_CHUNK_DAYS = 14;

export interface AvailabilityOptions {
  /** Current time; tests pass a fixed one. */
  clock: () => Date;
  /** Slots start at least this many minutes from now. */
  leadMinutes: number;
  /**
   * false: every answer read afresh and cut by clinicSlots (the straightforward
   * computation the property test compares the cache with). Default true.
   */
  cache?: boolean;
}

export interface NextAvailableQuery {
  examSlug: string;
  clinicIds: number[];
  from?: string | undefined;
  /** Holds of this booking key stay free. */
  bookingKey?: string | undefined;
}

export interface AvailabilityService {
  clinicAppointments(request: ClinicAppointmentRequest): Promise<ClinicSlots[]>;
  /**
   * The same free time in the compact format (issue 15), without the days
   * before minDate (a key's RESTRICT_MIN_DATE), clinics in request order.
   */
  clinicIntervals(
    request: ClinicAppointmentRequest,
    minDate: string | null,
  ): Promise<ClinicIntervals[]>;
  findNextAvailable(query: NextAvailableQuery): Promise<Slot>;
  /** Free slots of one clinic's fixed devices on local days start..end. */
  clinicFreeSlots(input: {
    exam: ExamRow;
    clinicId: number;
    start: string;
    end: string;
    exceptKey?: KeyRef | undefined;
  }): Promise<Slot[]>;
  /**
   * Throws 409 message.slot_conflict unless startMs is a future grid slot of
   * the clinic and, for a mobile unit, falls on one of its visit days.
   */
  assertOnGrid(input: {
    clinicId: number;
    timeZone: string;
    durationMinutes: number;
    startMs: number;
    device: DeviceRow;
    /** The request's view of the database (its catalogue reads may come from memory). */
    reads?: Queryable;
  }): Promise<void>;
}

interface SlotQueryOptions {
  /** Holds of this booking key do not make slots busy. */
  exceptKey?: KeyRef | undefined;
  /** The visit's clinic gets only the visit's unit, on the visit's days. */
  visit?: MobileLocationRow | undefined;
}

export async function requireExam(db: Queryable, slug: string): Promise<ExamRow> {
  const exam = await findExam(db, slug);
  if (!exam) throw new ApiError(404, 'message.exam_not_found', `no exam ${slug}`);
  return exam;
}

function unique(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}

function assertBookable(exam: SlotExam, isBookingRequest: boolean): void {
  if (exam.enquiryOnly && !isBookingRequest) {
    throw new ApiError(400, 'message.exam_enquiry_only', `${exam.slug} is enquiry only`);
  }
}

function assertRange(start: string, end: string): void {
  if (!isIsoDate(start) || !isIsoDate(end) || end < start) {
    throw new ApiError(400, 'message.bad_request', `bad date range ${start}..${end}`);
  }
  if (daysBetween(start, end) + 1 > MAX_RANGE_DAYS) {
    throw new ApiError(400, 'message.date_range_too_long', `over ${MAX_RANGE_DAYS} days`);
  }
}

/** The earliest calendar date anywhere on Earth right now (UTC-12). */
function earliestToday(now: Date): string {
  return zonedDate(now.getTime(), 'Etc/GMT+12');
}

export function createAvailabilityService(
  db: Queryable,
  options: AvailabilityOptions,
): AvailabilityService {
  const notBefore = (): number => options.clock().getTime() + options.leadMinutes * 60_000;

  const cache = createFreeTimeCache(db);

  /** Slots of the requested clinics on local days start..end, clinics in request order. */
  async function slotsFor(
    exam: ExamRow,
    clinicIds: number[],
    start: string,
    end: string,
    { exceptKey, visit }: SlotQueryOptions = {},
  ): Promise<ClinicSlots[]> {
    if (visit || options.cache === false)
      return straightSlots(exam, clinicIds, start, end, { exceptKey, visit });
    const free = await cache.freeTime({
      exam,
      clinicIds,
      start,
      end,
      nowMs: options.clock().getTime(),
      exceptKey,
    });
    const minStart = notBefore();
    return unique(clinicIds).flatMap((id) => {
      const clinic = free.get(id);
      if (!clinic) return [];
      return [
        {
          clinicId: clinic.clinic.id,
          clinicSlug: clinic.clinic.slug,
          clinicName: clinic.clinic.name,
          timeZone: clinic.clinic.timeZone,
          slots: slotsFrom(clinic, minStart),
        },
      ];
    });
  }

  const straightSlots = (
    exam: ExamRow,
    clinicIds: number[],
    start: string,
    end: string,
    { exceptKey, visit }: SlotQueryOptions,
  ): Promise<ClinicSlots[]> =>
    readSlotsAfresh(db, {
      exam,
      clinicIds: unique(clinicIds),
      start,
      end,
      exceptKey,
      visit,
      nowMs: options.clock().getTime(),
      notBeforeMs: notBefore(),
    });

  async function bookableExam(slug: string, isBookingRequest: boolean): Promise<ExamRow> {
    const exam = await requireExam(db, slug);
    assertBookable(exam, isBookingRequest);
    return exam;
  }

  return {
    async clinicAppointments(request) {
      const { start, end } = request;
      assertRange(start, end);
      const exam = await bookableExam(request.examSlug, request.isBookingRequest === true);
      const visit = await visitOf(db, request);
      return slotsFor(exam, request.clinicIds, start, end, {
        exceptKey: keyRefOf(request.examBookingKey),
        visit,
      });
    },

    async clinicIntervals(request, minDate) {
      const { start, end } = request;
      assertRange(start, end);
      const exceptKey = keyRefOf(request.examBookingKey);
      const visit = await visitOf(db, request);
      if (visit || options.cache === false) {
        const exam = await bookableExam(request.examSlug, request.isBookingRequest === true);
        const clinics = await straightSlots(exam, request.clinicIds, start, end, {
          exceptKey,
          visit,
        });
        return clinics.map((clinic) =>
          encodeClinicSlots(
            {
              ...clinic,
              slots: clinic.slots.filter(
                (slot) => minDate === null || slot.startDateTime.slice(0, 10) >= minDate,
              ),
            },
            exam.durationMinutes,
          ),
        );
      }
      // One round trip for the exam and the fingerprints: the hot path (issue 15).
      const found = await findExamWithVersions(db, request.examSlug, request.clinicIds);
      if (!found) throw new ApiError(404, 'message.exam_not_found', `no exam ${request.examSlug}`);
      const { exam, fingerprints } = found;
      assertBookable(exam, request.isBookingRequest === true);
      const nowMs = options.clock().getTime();
      const free = await cache.freeTime({
        exam,
        clinicIds: request.clinicIds,
        start,
        end,
        nowMs,
        exceptKey,
        fingerprints,
      });
      const minStart = notBefore();
      return unique(request.clinicIds).flatMap((id) => {
        const clinic = free.get(id);
        return clinic ? [intervalsFrom(clinic, minStart, minDate)] : [];
      });
    },

    async clinicFreeSlots({ exam, clinicId, start, end, exceptKey }) {
      const [clinic] = await slotsFor(exam, [clinicId], start, end, { exceptKey });
      return clinic?.slots ?? [];
    },

    async findNextAvailable(query) {
      if (query.from !== undefined && !isIsoDate(query.from)) {
        throw new ApiError(400, 'message.bad_request', `bad date ${query.from}`);
      }
      const exam = await bookableExam(query.examSlug, false);
      const today = earliestToday(options.clock());
      const from = query.from && query.from > today ? query.from : today;
      const last = addDays(from, NEXT_AVAILABLE_DAYS - 1);
      for (let start = from; start <= last; start = addDays(start, NEXT_AVAILABLE_CHUNK_DAYS)) {
        // One day of overlap: another zone's next local day may begin before this one ends.
        const chunkEnd = addDays(start, NEXT_AVAILABLE_CHUNK_DAYS);
        const end = chunkEnd < last ? chunkEnd : last;
        const found = (
          await slotsFor(exam, query.clinicIds, start, end, {
            exceptKey: keyRefOf(query.bookingKey),
          })
        )
          .map((clinic) => clinic.slots[0])
          .filter((slot): slot is Slot => slot !== undefined)
          .sort((a, b) => Date.parse(a.startDateTime) - Date.parse(b.startDateTime));
        if (found[0]) return found[0];
      }
      throw new ApiError(404, 'message.no_slots_available', `no ${exam.slug} slot`);
    },

    async assertOnGrid({ clinicId, timeZone, durationMinutes, startMs, device, reads = db }) {
      const hours: OpeningHoursRow[] = await listOpeningHours(reads, [clinicId]);
      const date = zonedDate(startMs, timeZone);
      if (
        startMs < notBefore() ||
        !isGridStart(timeZone, hours, date, startMs, durationMinutes) ||
        (device.mobile && !(await isVisitDay(reads, device.id, date)))
      ) {
        throw new ApiError(409, 'message.slot_conflict', 'not an offered slot');
      }
    },
  };
}
