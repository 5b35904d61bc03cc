/**
 * Creating bookings (spec 4 "Creating bookings", R-7-calls-32/34): booking
 * keys, appointments and their calendar file (booking requests are in
 * booking-request.service.ts).
 * The database has the last word on double booking: the exclusion
 * constraint appointments_no_double_booking turns a lost race into 409.
 */
import { keyRef, type KeyRef } from '../db/secrets.js';
import { randomBytes } from 'node:crypto';
import type { AppointmentResponse, CreateAppointmentRequest } from '../../src/contract/booking.js';
import { bookAppointment, BOOKING_STATES } from '../db/book-appointment.repo.js';
import type { ReminderService } from './reminders.service.js';
import { insertBookingKey } from '../db/booking.repo.js';
import { sqlState, type Db } from '../db/db.js';
import { onceEach } from '../db/read-once.js';
import type { CatalogueCache } from '../db/catalogue-cache.js';
import { lockPendingAppointments, markNotificationQueued } from '../db/pending.repo.js';
import { ApiError } from '../http/errors.js';
import type { AvailabilityService } from './availability.service.js';
import {
  asConflict,
  retryOnDeadlock,
  claimKey,
  KEY_GROUP_SECONDS,
  type Remember,
  clinicAddress,
  emailHash,
  newSlug,
} from './booking-common.js';
import { type MailVisit } from './booking-emails.js';
import { firstConfirmation, queueConfirmation } from './booking-confirmation.js';
import { mailTexts } from './mail-texts.js';
import { replaceAppointment } from './appointment-pages.service.js';
import { bookingCalendarFile, type CalendarFile } from './booking-calendar.js';
import { assertBookingAllowed } from './questionnaire-booking-rules.js';
import { assertScreeningsAnswered } from './questionnaire-required.js';
import { validatePatient } from './patient-validation.js';
import { walkInNotes } from './walk-in-notes.js';
import { noteTexts, patientNotesFor } from './patient-notes.js';
import { checkSlot } from './slot-request.js';
import { formatZonedIso } from '../../src/domain/time/zoned-time.js';

/** 18 random bytes: 144 bits, 24 base64url characters. */
const BOOKING_KEY_BYTES = 18;

export interface BookingServiceOptions {
  clock: () => Date;
  publicUrl: string;
  availability: AvailabilityService;
  /** Refuse exams whose safety screening the key has not answered (default true). */
  requireSafetyAnswers?: boolean;
  /** Keeps the key for the appointment's reminder (issue 16 part 7). */
  reminders?: Pick<ReminderService, 'sealedFor'>;
  /** The catalogue's reads kept between requests (issue 15 part 2); without it each is asked. */
  catalogue?: CatalogueCache;
}

export type { CalendarFile } from './booking-calendar.js';

export interface BookingContext {
  /** The key the caller's session holds, as stored. */
  holderKey: KeyRef | null;
  remember?: Remember;
  /** The patient's language (the request's Accept-Language): the booking's e-mails use it. */
  locale?: string | null;
}

export interface BookingService {
  /** A new key, bound to the browser whose secret hashes to `browserHash`. */
  newBookingKey(browserHash: string): Promise<string>;
  /**
   * `context.holderKey`: the booking key the caller's session holds (reschedule,
   * appointmentSlug); `context.remember` stores the answer in the booking's
   * transaction (idempotent retries).
   */
  createAppointment(
    request: CreateAppointmentRequest,
    context?: BookingContext,
  ): Promise<AppointmentResponse>;
  /** Like createAppointment, status PENDING, without an e-mail until sendPendingNotifications. */
  createPendingAppointment(
    request: CreateAppointmentRequest,
    context?: BookingContext,
  ): Promise<AppointmentResponse>;
  /** Queues the e-mails of the key's pending appointments once; 404 when it has none. */
  sendPendingNotifications(bookingKey: string): Promise<void>;
  /**
   * The .ics of the key's appointments. With the clear key (the booking
   * browser's request) each event links to the appointment page; a session
   * asks by slug and has only the stored form, so its events carry no link.
   */
  calendarFile(ref: KeyRef, bookingKey?: string): Promise<CalendarFile>;
}

export function createBookingService(db: Db, options: BookingServiceOptions): BookingService {
  const { clock, publicUrl, availability } = options;

  /**
   * Books a slot. BOOKED queues the confirmation e-mail at once; PENDING
   * waits for sendPendingNotifications. Both block the device's time.
   */
  async function create(
    request: CreateAppointmentRequest,
    status: 'BOOKED' | 'PENDING',
    { holderKey, remember, locale = null }: BookingContext = { holderKey: null },
  ): Promise<AppointmentResponse> {
    const patient = validatePatient(request.patient, clock());
    // The checks before the transaction read the same questionnaires, answers and rules
    // several times: identical reads of this request are asked once (issue 15 part 2).
    const reads = onceEach(options.catalogue?.view(db) ?? db);
    const { exam, clinic, device, startMs, endMs } = await checkSlot(reads, availability, request);
    // The safety screenings must be answered, and the key's stored answers may rule
    // this booking out (R-4-quest-04).
    const ref = keyRef(request.bookingKey);
    if (options.requireSafetyAnswers ?? true) {
      await assertScreeningsAnswered(reads, {
        bookingKey: ref,
        examSlugs: [exam.slug],
        appointmentSlug: request.appointmentSlug,
        holderKey,
      });
    }
    await assertBookingAllowed(reads, ref, {
      examSlug: exam.slug,
      startMs,
      timeZone: clinic.timeZone,
      patient: request.patient,
    });
    const walkIns = await walkInNotes(reads, clinic.id, request.walkInExams);
    // What the answers mean for this visit stays with it (the confirmation page, the e-mail).
    const patientNotes = await patientNotesFor(reads, ref, exam);
    const slug = newSlug();
    const address = clinicAddress(clinic);
    // The answer and the e-mail speak the patient's language (issue 13 part 8).
    const texts = await mailTexts(reads, locale);
    const { bookingKey } = request;
    const response: AppointmentResponse = {
      slug,
      bookingKey,
      success: true,
      errorMessage: null,
      modalityName: exam.modalityName,
      examName: texts.examName(exam),
      clinicName: clinic.name,
      patientEmailHash: emailHash(patient.email),
      date: formatZonedIso(startMs, clinic.timeZone),
      endTime: formatZonedIso(endMs, clinic.timeZone),
      timeZone: clinic.timeZone,
      clinicAddress: address,
      preparation: texts.preparation(exam),
    };
    const reminderKey = (await options.reminders?.sealedFor(bookingKey)) ?? null;
    const visit: MailVisit = {
      exam,
      clinicName: clinic.name,
      clinicAddress: address,
      startMs,
      timeZone: clinic.timeZone,
      notes: await noteTexts(reads, patientNotes, texts.locale),
      movedFrom: null,
      walkIns,
    };
    const mailInput = {
      publicUrl,
      bookingKey,
      to: patient.email,
      patientName: `${patient.firstName} ${patient.lastName}`,
    };
    const appointment = {
      bookingKey: ref,
      slug,
      deviceId: device.id,
      examId: exam.id,
      start: new Date(startMs),
      end: new Date(endMs),
      status,
      patient,
      insuranceTypeId: request.insuranceTypeId ?? null,
      walkIns,
      patientNotes,
      locale,
      reminderKey,
      groupSeconds: KEY_GROUP_SECONDS,
      lock: db.kind === 'postgres',
      nowMs: clock().getTime(),
    };
    // A new booking's first visit is one statement (issue 15 part 2): book_appointment claims
    // the key, takes the time, queues the confirmation and stores an idempotent call's answer
    // in its own transaction.
    if (!request.appointmentSlug) {
      const mail =
        status === 'BOOKED' ? firstConfirmation({ ...mailInput, visits: [visit] }, texts) : null;
      const booked = await retryOnDeadlock(() =>
        bookAppointment(db, {
          ...appointment,
          claim: true,
          mail,
          remember: remember?.answer(response),
        }),
      ).then(
        () => true,
        (error: unknown) => {
          // Another visit of this booking is gathering its e-mail: join it the long way.
          if (sqlState(error) === BOOKING_STATES.gathering) return false;
          throw asConflict(error);
        },
      );
      if (booked) return response;
    }
    await retryOnDeadlock(() =>
      db.transaction(async (tx) => {
        await claimKey(tx, ref, 'appointment');
        // Reschedule or change: the old appointment goes in this transaction, before the
        // new one takes its device's time (which may overlap the old one).
        let movedFrom: { startMs: number; timeZone: string } | null = null;
        if (request.appointmentSlug) {
          movedFrom = await replaceAppointment(tx, {
            appointmentSlug: request.appointmentSlug,
            holderKey,
            newSlug: slug,
            newBookingKey: bookingKey,
            previousBookingKey: request.previousBookingKey,
            nowMs: clock().getTime(),
          });
        }
        const answer = remember?.answer(response);
        await bookAppointment(tx, { ...appointment, claim: false, mail: null, remember: answer });
        if (status === 'PENDING') return;
        // One e-mail for the booking: the other exams booked with it join this one.
        await queueConfirmation(tx, { ...mailInput, visits: [{ ...visit, movedFrom }] }, texts);
      }),
    ).catch((error: unknown) => {
      throw asConflict(error);
    });
    return response;
  }

  return {
    async newBookingKey(browserHash) {
      for (let attempt = 0; attempt < 3; attempt++) {
        const key = randomBytes(BOOKING_KEY_BYTES).toString('base64url');
        if (await insertBookingKey(db, keyRef(key), browserHash)) return key;
      }
      throw new Error('could not issue a unique booking key');
    },

    createAppointment: (request, context) => create(request, 'BOOKED', context),
    createPendingAppointment: (request, context) => create(request, 'PENDING', context),

    async sendPendingNotifications(bookingKey) {
      const queued = await db.transaction(async (tx) => {
        const pending = await lockPendingAppointments(tx, keyRef(bookingKey));
        const due = pending.filter((a) => a.notificationQueuedAt === null);
        // One e-mail per patient of the booking, listing every visit (issue 13).
        for (const to of new Set(due.map((a) => a.patientEmail))) {
          const mine = due.filter((a) => a.patientEmail === to);
          const first = mine[0];
          if (!first) continue;
          const texts = await mailTexts(tx, first.locale);
          const visits: MailVisit[] = [];
          for (const a of mine)
            visits.push({
              exam: { slug: a.examSlug, name: a.examName, examNotes: a.examNotes, notes: a.notes },
              clinicName: a.clinicName,
              clinicAddress: clinicAddress(a),
              startMs: a.startMs,
              timeZone: a.timeZone,
              notes: await noteTexts(tx, a.patientNotes, texts.locale),
            });
          await queueConfirmation(
            tx,
            {
              publicUrl,
              bookingKey,
              to,
              patientName: `${first.patientFirstName} ${first.patientLastName}`,
              visits,
              pending: true,
            },
            texts,
          );
        }
        await markNotificationQueued(
          tx,
          due.map((a) => a.id),
        );
        return pending.length;
      });
      if (queued === 0) {
        throw new ApiError(404, 'message.appointment_not_found', 'no pending appointment');
      }
    },

    calendarFile: (ref, bookingKey) =>
      bookingCalendarFile(db, ref, bookingKey, { publicUrl, clock }),
  };
}
