import { Type, type Static } from '@sinclair/typebox';
import type {
  CaptchaChallenge,
  PatientAuthenticationRequest,
  PatientAuthenticationResponse,
  SendOtpRequest,
  ValidateOtpRequest,
  ValidateOtpResponse,
  VerifyCaptchaRequest,
  VerifyCaptchaResponse,
} from '../../src/contract/patient-auth.js';
import { assertSameShape, Token, type Equal } from './common.js';
import { BookingKey } from './booking.schema.js';

export const PatientAuthenticationRequestSchema = Type.Object(
  {
    bookingKey: BookingKey,
    dateOfBirth: Type.String({
      maxLength: 10,
      pattern: '^\\d{4}-\\d{2}-\\d{2}$',
      description: 'YYYY-MM-DD',
    }),
    contactNumber: Type.String({
      maxLength: 10,
      pattern: '^\\d*$',
      description: 'Digits only, at most 10 (spec 5); empty when not asked',
    }),
    isBookingRequest: Type.Boolean(),
  },
  { additionalProperties: false },
);
assertSameShape<
  Equal<Static<typeof PatientAuthenticationRequestSchema>, PatientAuthenticationRequest>
>();

export const OtpSentSchema = Type.Object({
  channel: Type.Union([Type.Literal('email'), Type.Literal('sms')]),
  sentTo: Type.String({ description: 'Masked destination' }),
  resendSeconds: Type.Integer({ minimum: 0 }),
});

export const PatientAuthenticationResponseSchema = Type.Object({
  authenticated: Type.Boolean(),
  otpSent: Type.Union([OtpSentSchema, Type.Null()]),
});
assertSameShape<
  Equal<Static<typeof PatientAuthenticationResponseSchema>, PatientAuthenticationResponse>
>();

export const SendOtpRequestSchema = Type.Object(
  { bookingKey: BookingKey },
  { additionalProperties: false },
);
assertSameShape<Equal<Static<typeof SendOtpRequestSchema>, SendOtpRequest>>();

export const ValidateOtpRequestSchema = Type.Object(
  { bookingKey: BookingKey, code: Type.String({ maxLength: 6, pattern: '^\\d{6}$' }) },
  { additionalProperties: false },
);
assertSameShape<Equal<Static<typeof ValidateOtpRequestSchema>, ValidateOtpRequest>>();

export const ValidateOtpResponseSchema = Type.Object({ authenticated: Type.Boolean() });
assertSameShape<Equal<Static<typeof ValidateOtpResponseSchema>, ValidateOtpResponse>>();

export const CaptchaChallengeSchema = Type.Object({
  enabled: Type.Boolean(),
  algorithm: Type.Literal('SHA-256'),
  challenge: Type.String(),
  salt: Type.String(),
  maxnumber: Type.Integer({ minimum: 0 }),
});
assertSameShape<Equal<Static<typeof CaptchaChallengeSchema>, CaptchaChallenge>>();

export const VerifyCaptchaRequestSchema = Type.Object(
  { token: Token({ maxLength: 2000 }) },
  { additionalProperties: false },
);
assertSameShape<Equal<Static<typeof VerifyCaptchaRequestSchema>, VerifyCaptchaRequest>>();

export const VerifyCaptchaResponseSchema = Type.Object({ result: Type.Boolean() });
assertSameShape<Equal<Static<typeof VerifyCaptchaResponseSchema>, VerifyCaptchaResponse>>();
