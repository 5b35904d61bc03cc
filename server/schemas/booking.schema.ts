import { Type, type Static } from '@sinclair/typebox';
import type {
  AppointmentResponse,
  BookingRequestResponse,
  CreateAppointmentRequest,
  CreateBookingRequestRequest,
  PatientDetails,
  Sex,
} from '../../src/contract/booking.js';
import type { ApiErrorBody } from '../../src/contract/portal.js';
import { Slug } from './booking-catalogue.schema.js';
import { assertSameShape, Id, Text, Token, type Equal } from './common.js';

const S = Type.String();

export const BOOKING_KEY_PATTERN = '^[A-Za-z0-9_-]{22,64}$';
export const BookingKey = Type.String({
  maxLength: 64,
  pattern: BOOKING_KEY_PATTERN,
  description: 'Unguessable key from POST /api/booking/booking_key',
});

export const BookingKeyResponse = Type.Object({ bookingKey: BookingKey });

/**
 * Loose on purpose: values are checked by the booking service, which answers
 * 400 message.validation_error with a `fields` map. The schema only bounds
 * sizes and refuses control characters (400 message.bad_request).
 */
export const PatientDetailsSchema = Type.Object({
  firstName: Text({ maxLength: 200 }),
  lastName: Text({ maxLength: 200 }),
  dateOfBirth: Text({ maxLength: 20, description: 'yyyy-mm-dd, not in the future' }),
  email: Text({ maxLength: 320 }),
  contactNumber: Text({ maxLength: 40, description: '8 to 15 digits, optional +' }),
  sex: Type.Unsafe<Sex>(Text({ maxLength: 20, description: 'FEMALE, MALE or INDETERMINATE' })),
  postalCode: Text({ maxLength: 20, description: 'Four digits' }),
  medicareNumber: Type.Optional(Text({ maxLength: 30 })),
  validationCode: Type.Optional(Text({ maxLength: 40 })),
});
assertSameShape<Equal<Static<typeof PatientDetailsSchema>, PatientDetails>>();

/** Spec 3 "Processed outcome response" insuranceTypeId: set by a SET_INSURANCE_TYPE outcome. */
const InsuranceTypeId = Id({ description: 'The insurance type a questionnaire outcome chose' });

export const CreateAppointmentRequestSchema = Type.Object({
  bookingKey: BookingKey,
  examSlug: Slug,
  clinicId: Id(),
  deviceId: Id(),
  startDateTime: Type.String({
    format: 'date-time',
    maxLength: 40,
    description: 'A slot startDateTime from clinic_appointments',
  }),
  patient: PatientDetailsSchema,
  appointmentSlug: Type.Optional(
    Token({ maxLength: 100, description: 'The appointment this booking replaces' }),
  ),
  previousBookingKey: Type.Optional(
    Token({
      maxLength: 100,
      description:
        "The replaced appointment's own booking key: the old link then leads to the new appointment",
    }),
  ),
  status: Type.Optional(
    Type.Unsafe<'RESCHEDULED' | 'CHANGED'>(Type.String({ enum: ['RESCHEDULED', 'CHANGED'] })),
  ),
  insuranceTypeId: Type.Optional(InsuranceTypeId),
  walkInExams: Type.Optional(
    Type.Array(Text({ minLength: 1, maxLength: 200 }), {
      maxItems: 10,
      description: "The clinic's walk-in exams the patient walks in for with this visit",
    }),
  ),
});
assertSameShape<Equal<Static<typeof CreateAppointmentRequestSchema>, CreateAppointmentRequest>>();

const BookingResponseFields = {
  slug: S,
  bookingKey: S,
  success: Type.Boolean(),
  errorMessage: Type.Union([S, Type.Null()]),
  modalityName: S,
  examName: S,
  clinicName: S,
  patientEmailHash: Type.String({ description: 'sha256 hex of the trimmed, lower-cased e-mail' }),
};

export const AppointmentResponseSchema = Type.Object({
  ...BookingResponseFields,
  date: Type.String({ description: "Start, ISO with the clinic's offset" }),
  endTime: Type.String({ description: "End, ISO with the clinic's offset" }),
  timeZone: S,
  clinicAddress: S,
  preparation: S,
});
assertSameShape<Equal<Static<typeof AppointmentResponseSchema>, AppointmentResponse>>();

export const CreateBookingRequestRequestSchema = Type.Object({
  bookingKey: BookingKey,
  examSlugs: Type.Array(Slug, { minItems: 1, maxItems: 10 }),
  clinicId: Type.Union([Id(), Type.Null()]),
  patient: PatientDetailsSchema,
  note: Type.Optional(Text({ maxLength: 2000, multiline: true })),
  insuranceTypeId: Type.Optional(InsuranceTypeId),
});
assertSameShape<
  Equal<Static<typeof CreateBookingRequestRequestSchema>, CreateBookingRequestRequest>
>();

export const BookingRequestResponseSchema = Type.Object(BookingResponseFields);
assertSameShape<Equal<Static<typeof BookingRequestResponseSchema>, BookingRequestResponse>>();

/** 400 of the booking POSTs: the error body plus field → message key. */
export const ValidationErrorBody = Type.Object({
  statusCode: Type.Integer({ minimum: 400, maximum: 599 }),
  message: Type.String({ description: 'message.validation_error or message.bad_request' }),
  error: Type.Optional(S),
  fields: Type.Optional(
    Type.Record(S, S, { description: 'Field → message key, e.g. email → form.please_enter_valid' }),
  ),
});
interface ValidationErrorAnswer extends Omit<ApiErrorBody, 'attemptsLeft'> {
  fields?: Record<string, string>;
}
assertSameShape<Equal<Static<typeof ValidationErrorBody>, ValidationErrorAnswer>>();

/** Any string up to 100 characters: a key that is not ours is simply not found (404). */
export const CalendarParams = Type.Object({
  bookingKey: Token({ maxLength: 100 }),
});
export type CalendarParams = Static<typeof CalendarParams>;
