/**
 * Booking requests (enquiries; spec 3 "Booking request", R-7-calls-36): for
 * exams that cannot be booked online, or without a slot. Stored with their
 * exams and confirmed by e-mail through the outbox.
 */
import { keyRef } from '../db/secrets.js';
import type {
  BookingRequestResponse,
  CreateBookingRequestRequest,
} from '../../src/contract/booking.js';
import {
  findBookingClinic,
  findExamsBySlugs,
  offeredExamIds,
} from '../db/booking-catalogue.repo.js';
import { insertBookingRequest, insertOutboxMessage } from '../db/booking.repo.js';
import type { Db } from '../db/db.js';
import { storeIdempotentAnswer } from '../db/idempotency.repo.js';
import { ApiError } from '../http/errors.js';
import {
  asConflict,
  claimKey,
  emailHash,
  newSlug,
  retryOnDeadlock,
  type Remember,
} from './booking-common.js';
import { bookingRequestEmail } from './booking-emails.js';
import { mailTexts } from './mail-texts.js';
import { validatePatient } from './patient-validation.js';
import { assertScreeningsAnswered } from './questionnaire-required.js';

export interface BookingRequestService {
  /** `context.remember` stores the answer in the booking's transaction (idempotent retries). */
  createBookingRequest(
    request: CreateBookingRequestRequest,
    context?: { remember?: Remember; locale?: string | null },
  ): Promise<BookingRequestResponse>;
}

export function createBookingRequestService(
  db: Db,
  /** requireSafetyAnswers: refuse exams whose safety screening is unanswered (default true). */
  options: { clock: () => Date; publicUrl: string; requireSafetyAnswers?: boolean },
): BookingRequestService {
  const { clock, publicUrl } = options;
  return {
    async createBookingRequest(request, context) {
      const patient = validatePatient(request.patient, clock());
      const slugs = [...new Set(request.examSlugs)];
      const found = await findExamsBySlugs(db, slugs);
      const exams = slugs.map((slug) => found.find((exam) => exam.slug === slug));
      const missing = slugs.find((_, index) => !exams[index]);
      if (missing !== undefined) throw new ApiError(404, 'message.exam_not_found', missing);
      const examRows = exams.filter((exam) => exam !== undefined);
      let clinicName = '';
      if (request.clinicId !== null) {
        const clinic = await findBookingClinic(db, request.clinicId);
        if (!clinic) throw new ApiError(404, 'message.clinic_not_found', 'no such clinic');
        const offered = await offeredExamIds(
          db,
          clinic.id,
          examRows.map((exam) => exam.id),
        );
        if (offered.length !== examRows.length) {
          throw new ApiError(400, 'message.exam_not_offered', 'exam not offered there');
        }
        clinicName = clinic.name;
      }
      const ref = keyRef(request.bookingKey);
      if (options.requireSafetyAnswers ?? true) {
        await assertScreeningsAnswered(db, { bookingKey: ref, examSlugs: slugs });
      }
      const slug = newSlug();
      // The answer and the e-mail speak the patient's language (issue 13 part 8).
      const texts = await mailTexts(db, context?.locale);
      const examNames = examRows.map((exam) => texts.examName(exam));
      const response: BookingRequestResponse = {
        slug,
        bookingKey: request.bookingKey,
        success: true,
        errorMessage: null,
        modalityName: [...new Set(examRows.map((exam) => exam.modalityName))].join(', '),
        examName: examNames.join(', '),
        clinicName,
        patientEmailHash: emailHash(patient.email),
      };
      await retryOnDeadlock(() =>
        db.transaction(async (tx) => {
          await claimKey(tx, ref, 'booking_request');
          await insertBookingRequest(tx, {
            slug,
            bookingKey: ref,
            clinicId: request.clinicId,
            note: request.note?.trim() ?? '',
            examIds: examRows.map((exam) => exam.id),
            patient,
            insuranceTypeId: request.insuranceTypeId ?? null,
            locale: context?.locale ?? null,
          });
          await insertOutboxMessage(
            tx,
            bookingRequestEmail(
              {
                publicUrl,
                bookingKey: request.bookingKey,
                to: patient.email,
                patientName: `${patient.firstName} ${patient.lastName}`,
                exams: examRows,
                clinicName,
              },
              texts,
            ),
          );
          if (context?.remember) await storeIdempotentAnswer(tx, context.remember.answer(response));
        }),
      ).catch((error: unknown) => {
        throw asConflict(error);
      });
      return response;
    },
  };
}
