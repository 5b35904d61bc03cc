import { Type, type Static } from '@sinclair/typebox';
import type {
  AppointmentResponse,
  BookingRequestResponse,
  CreateAppointmentRequest,
  CreateBookingRequestRequest,
  PatientDetails,
  Sex,
} from '../../src/api/booking.contract.js';
import type { ApiErrorBody } from '../../src/api/contract.js';
import { Slug } from './booking-catalogue.schema.js';
import { assertSameShape, type Equal } from './common.js';

const S = Type.String();

export const BOOKING_KEY_PATTERN = '^[A-Za-z0-9_-]{22,64}$';
export const BookingKey = Type.String({
  pattern: BOOKING_KEY_PATTERN,
  description: 'Unguessable key from POST /api/booking/booking_key',
});

export const BookingKeyResponse = Type.Object({ bookingKey: BookingKey });

/**
 * Loose on purpose: values are checked by the booking service, which answers
 * 400 message.validation_error with a `fields` map. The schema only bounds sizes.
 */
export const PatientDetailsSchema = Type.Object({
  firstName: Type.String({ maxLength: 200 }),
  lastName: Type.String({ maxLength: 200 }),
  dateOfBirth: Type.String({ maxLength: 20, description: 'yyyy-mm-dd, not in the future' }),
  email: Type.String({ maxLength: 320 }),
  contactNumber: Type.String({ maxLength: 40, description: '8 to 15 digits, optional +' }),
  sex: Type.Unsafe<Sex>(
    Type.String({ maxLength: 20, description: 'FEMALE, MALE or INDETERMINATE' }),
  ),
  postalCode: Type.String({ maxLength: 20, description: 'Four digits' }),
  medicareNumber: Type.Optional(Type.String({ maxLength: 30 })),
  validationCode: Type.Optional(Type.String({ maxLength: 40 })),
});
assertSameShape<Equal<Static<typeof PatientDetailsSchema>, PatientDetails>>();

/** Spec 3 "Processed outcome response" insuranceTypeId: set by a SET_INSURANCE_TYPE outcome. */
const InsuranceTypeId = Type.Integer({
  minimum: 1,
  maximum: 2147483647,
  description: 'The insurance type a questionnaire outcome chose',
});

export const CreateAppointmentRequestSchema = Type.Object({
  bookingKey: BookingKey,
  examSlug: Slug,
  clinicId: Type.Integer({ minimum: 1 }),
  deviceId: Type.Integer({ minimum: 1 }),
  startDateTime: Type.String({
    format: 'date-time',
    description: 'A slot startDateTime from clinic_appointments',
  }),
  patient: PatientDetailsSchema,
  appointmentSlug: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'The appointment this booking replaces',
    }),
  ),
  status: Type.Optional(
    Type.Unsafe<'RESCHEDULED' | 'CHANGED'>(Type.String({ enum: ['RESCHEDULED', 'CHANGED'] })),
  ),
  insuranceTypeId: Type.Optional(InsuranceTypeId),
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
  clinicId: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  patient: PatientDetailsSchema,
  note: Type.Optional(Type.String({ maxLength: 2000 })),
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
interface ValidationErrorAnswer extends ApiErrorBody {
  fields?: Record<string, string>;
}
assertSameShape<Equal<Static<typeof ValidationErrorBody>, ValidationErrorAnswer>>();

/** Any string up to 100 characters: a key that is not ours is simply not found (404). */
export const CalendarParams = Type.Object({
  bookingKey: Type.String({ minLength: 1, maxLength: 100 }),
});
export type CalendarParams = Static<typeof CalendarParams>;
