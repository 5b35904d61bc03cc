/**
 * The booking-request pages (spec 2.4 "view, cancel", R-7-calls-48): the
 * summary and the status update (a patient can only cancel, R-4-status-05).
 * Ownership is checked by the routes (requireBookingRequest).
 */
import type { BookingRequestSummary } from '../../src/contract/booking-requests.js';
import {
  cancelBookingRequestRow,
  findBookingRequestRow,
  type BookingRequestRow,
} from '../db/booking-request-pages.repo.js';
import type { Db } from '../db/db.js';
import { ApiError } from '../http/errors.js';
import { emailHash } from './booking-common.js';

export interface BookingRequestPagesService {
  /** `bookingKey`: the clear key the request carried, echoed (keys are stored hashed). */
  summary(id: number, bookingKey?: string): Promise<BookingRequestSummary>;
  cancel(id: number): Promise<BookingRequestSummary>;
}

function toSummary(row: BookingRequestRow, bookingKey: string): BookingRequestSummary {
  return {
    slug: row.slug,
    bookingKey,
    success: true,
    errorMessage: null,
    modalityName: [...new Set(row.exams.map((exam) => exam.modalityName))].join(', '),
    examName: row.exams.map((exam) => exam.name).join(', '),
    clinicName: row.clinic?.name ?? '',
    patientEmailHash: emailHash(row.patient.email),
    status: row.status,
    exams: row.exams,
    clinic: row.clinic,
    patientDetails: {
      title: null,
      firstName: row.patient.firstName,
      lastName: row.patient.lastName,
      dateOfBirth: row.patient.dateOfBirth,
      email: row.patient.email,
      contactNumber: row.patient.phone,
      postalCode: row.patient.postalCode,
    },
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    referrals: row.referrals,
  };
}

export function createBookingRequestPagesService(db: Db): BookingRequestPagesService {
  async function summary(id: number, bookingKey = ''): Promise<BookingRequestSummary> {
    const row = await findBookingRequestRow(db, id);
    if (!row) throw new ApiError(404, 'message.booking_request_not_found');
    return toSummary(row, bookingKey);
  }
  return {
    summary,
    async cancel(id) {
      const current = await summary(id);
      if (current.status === 'BOOKED')
        throw new ApiError(409, 'message.booking_request_not_cancellable');
      await cancelBookingRequestRow(db, id);
      return summary(id);
    },
  };
}
