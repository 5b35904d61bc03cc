/** TypeBox schemas of the check-in calls (src/contract/check-in.ts; routes/check-in*.ts). */
import { Type, type Static } from '@sinclair/typebox';
import type {
  CheckInAppointment,
  CheckInForm,
  CheckInIdentityRequest,
  CheckInIdentityResponse,
  CheckInOtpSendRequest,
  CheckInOtpValidated,
  CheckInOtpValidateRequest,
  CheckInPoll,
  CheckInReadiness,
  CheckInState,
} from '../../src/contract/check-in.js';
import { assertSameShape, type Equal } from './common.js';

const B = Type.Boolean();
const Gender = Type.Union([Type.Literal('Female'), Type.Literal('Male'), Type.Literal('Other')]);
const Reason = Type.Union([
  Type.Literal('TOO_EARLY'),
  Type.Literal('TOO_LATE'),
  Type.Literal('NOT_TODAY'),
  Type.Literal('CANCELLED'),
  Type.Literal('ALREADY_CHECKED_IN'),
  Type.Literal('CHECK_IN_DISABLED'),
]);
/** A check-in handle: 32 random bytes in base64url (never a booking key). */
const Handle = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

/**
 * The form's fields are plain bounded strings here: the service answers
 * 400 message.validation_error with a message key per field (`fields`).
 */
export const CheckInFormSchema = Type.Object(
  {
    appointmentSlug: Type.String({ maxLength: 100, pattern: '^[!-~]*$' }),
    referrer: Type.String({ maxLength: 64, pattern: '^[^\\u0000-\\u001f]*$' }),
    dateOfReferral: Type.String({ maxLength: 10, pattern: '^[0-9-]*$' }),
    medicareNumber: Type.String({ maxLength: 20, pattern: '^[0-9 -]*$' }),
    referenceNumber: Type.String({ maxLength: 2, pattern: '^[0-9]*$' }),
    gender: Type.Optional(Type.Union([Gender, Type.Null()])),
  },
  { additionalProperties: false },
);
assertSameShape<Equal<Static<typeof CheckInFormSchema>, CheckInForm>>();

const StoredForm = Type.Object({
  referrer: Type.String(),
  dateOfReferral: Type.String(),
  medicareNumber: Type.String(),
  referenceNumber: Type.String(),
  gender: Type.Optional(Type.Union([Gender, Type.Null()])),
  referrerName: Type.String(),
});

export const CheckInStateSchema = Type.Object({
  slug: Type.String(),
  enabled: B,
  canCheckIn: B,
  disabledReason: Type.Union([Reason, Type.Null()]),
  opensAt: Type.String(),
  closesAt: Type.String(),
  priorMinutes: Type.Integer(),
  timeZone: Type.String(),
  checkInPrepared: B,
  checkInPreparedSent: B,
  checkInSent: B,
  checkInSuccess: B,
  showGenderSelection: B,
  feedbackRequired: B,
  mode: Type.Union([Type.Literal('SIMPLE'), Type.Literal('PREPARE_FIRST')]),
  form: Type.Union([StoredForm, Type.Null()]),
});
/** Both ways assignable (the contract's form is an intersection type, which Equal does not see through). */
type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
assertSameShape<Mutual<Static<typeof CheckInStateSchema>, CheckInState>>();

export const CheckInReadinessSchema = Type.Object({
  ready: B,
  requiredReferralUploaded: B,
  documentTypeId: Type.Union([Type.Integer(), Type.Null()]),
  message: Type.Union([Type.String(), Type.Null()]),
});
assertSameShape<Equal<Static<typeof CheckInReadinessSchema>, CheckInReadiness>>();

export const CheckInPollSchema = Type.Object({
  checkInPreparedSent: B,
  checkInSent: B,
  checkInSuccess: B,
});
assertSameShape<Equal<Static<typeof CheckInPollSchema>, CheckInPoll>>();

export const CheckInIdentityRequestSchema = Type.Object(
  {
    lastName: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
    dateOfBirth: Type.String({ maxLength: 10, pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  },
  { additionalProperties: false },
);
assertSameShape<Equal<Static<typeof CheckInIdentityRequestSchema>, CheckInIdentityRequest>>();

export const CheckInIdentityResponseSchema = Type.Object({
  appointmentBookingKeys: Type.Array(Type.String()),
  samePatient: B,
  feedbackQuestionnaireAnswered: B,
  disabledReason: Type.Union([Reason, Type.Null()]),
});
assertSameShape<Equal<Static<typeof CheckInIdentityResponseSchema>, CheckInIdentityResponse>>();

export const CheckInOtpSendSchema = Type.Object(
  { handle: Handle },
  { additionalProperties: false },
);
assertSameShape<Equal<Static<typeof CheckInOtpSendSchema>, CheckInOtpSendRequest>>();

export const CheckInOtpValidateSchema = Type.Object(
  { handle: Handle, code: Type.String({ maxLength: 6, pattern: '^\\d{6}$' }) },
  { additionalProperties: false },
);
assertSameShape<Equal<Static<typeof CheckInOtpValidateSchema>, CheckInOtpValidateRequest>>();

export const CheckInOtpValidatedSchema = Type.Object({
  bookingKey: Type.String({
    description: 'Empty: the server holds booking keys only as hashes; use the slugs',
  }),
});
assertSameShape<Equal<Static<typeof CheckInOtpValidatedSchema>, CheckInOtpValidated>>();

export const CheckInAppointmentSchema = Type.Object({
  slug: Type.String(),
  bookingKey: Type.String(),
  examName: Type.String(),
  clinicName: Type.String(),
  clinicPhone: Type.String(),
  date: Type.String(),
  timeZone: Type.String(),
  checkIn: CheckInStateSchema,
});
export const CheckInAppointmentsSchema = Type.Array(CheckInAppointmentSchema);
assertSameShape<Mutual<Static<typeof CheckInAppointmentSchema>, CheckInAppointment>>();

/** 409 message.check_in_not_allowed: when the window opens (late-enable message). */
export const CheckInRefusalSchema = Type.Object({
  statusCode: Type.Integer(),
  message: Type.String({ description: 'i18n message key' }),
  error: Type.Optional(Type.String()),
  priorMinutes: Type.Optional(Type.Integer()),
  disabledReason: Type.Optional(Type.Union([Reason, Type.Null()])),
});
