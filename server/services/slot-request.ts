/**
 * The checks a requested slot passes before it is booked or held: the exam
 * can be booked online, the device is at the clinic and does the exam, and
 * the start is a future slot of the clinic's grid (for a mobile unit, on a
 * visit day).
 */
import { findDevice, type DeviceRow } from '../db/availability.repo.js';
import {
  findBookingClinic,
  offeredExamIds,
  type BookingClinicRow,
  type ExamRow,
} from '../db/booking-catalogue.repo.js';
import type { Queryable } from '../db/db.js';
import { ApiError } from '../http/errors.js';
import { requireExam, type AvailabilityService } from './availability.service.js';

export interface SlotRequest {
  examSlug: string;
  clinicId: number;
  deviceId: number;
  startDateTime: string;
}

export interface CheckedSlot {
  exam: ExamRow;
  clinic: BookingClinicRow;
  device: DeviceRow;
  startMs: number;
  endMs: number;
}

/**
 * 404 message.exam_not_found, 400 message.exam_enquiry_only,
 * message.bad_request (device not at the clinic, bad instant),
 * message.exam_not_offered, 409 message.slot_conflict (not an offered slot).
 */
export async function checkSlot(
  db: Queryable,
  availability: AvailabilityService,
  request: SlotRequest,
): Promise<CheckedSlot> {
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
  await availability.assertOnGrid({
    clinicId: clinic.id,
    timeZone: clinic.timeZone,
    durationMinutes: exam.durationMinutes,
    startMs,
    device,
    reads: db,
  });
  return { exam, clinic, device, startMs, endMs: startMs + exam.durationMinutes * 60_000 };
}
