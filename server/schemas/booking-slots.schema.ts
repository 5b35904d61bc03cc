import { Type, type Static } from '@sinclair/typebox';
import type {
  ClinicAppointmentRequest,
  ClinicIntervals,
  ClinicSlots,
  Slot,
} from '../../src/contract/booking.js';
import { Slug } from './booking-catalogue.schema.js';
import { assertSameShape, Id, ID_PATTERN, Int, Num, Text, Token, type Equal } from './common.js';

const S = Type.String();
const I = Type.Integer();

export const IsoDate = Type.String({
  maxLength: 10,
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  description: 'yyyy-mm-dd',
});
const ZonedInstant = Type.String({
  format: 'date-time',
  description: "ISO instant with the clinic's offset, e.g. 2026-11-23T09:00:00+11:00",
});

export const ClinicAppointmentRequestSchema = Type.Object({
  clinicIds: Type.Array(Id(), { minItems: 1, maxItems: 50 }),
  examSlug: Slug,
  location: Type.Optional(
    Type.Object({
      latitude: Num({ minimum: -90, maximum: 90 }),
      longitude: Num({ minimum: -180, maximum: 180 }),
    }),
  ),
  start: Type.String({ ...IsoDate, description: "First day (clinic's calendar), inclusive" }),
  end: Type.String({ ...IsoDate, description: 'Last day, inclusive; at most 62 days in all' }),
  isBookingRequest: Type.Optional(
    Type.Boolean({ description: 'Lets enquiry-only exams through (indicative times)' }),
  ),
  bookingRequestBookingKey: Type.Optional(Token({ minLength: 0, maxLength: 100 })),
  examBookingKey: Type.Optional(Token({ minLength: 0, maxLength: 100 })),
  appointmentSlug: Type.Optional(Token({ minLength: 0, maxLength: 100 })),
  customDuration: Type.Optional(
    Int({ minimum: 1, maximum: 600, description: 'Ignored: the exam sets durations' }),
  ),
  extraQueryParams: Type.Optional(
    Type.Record(Type.String(), Text({ maxLength: 200 }), {
      maxProperties: 20,
      propertyNames: { maxLength: 100, pattern: '^[A-Za-z0-9_.-]+$' },
    }),
  ),
  clinicAppointmentsView: Type.Optional(Type.Union([Type.Literal('WEEK'), Type.Literal('MONTH')])),
  mobileLocationToken: Type.Optional(Token({ minLength: 0, maxLength: 200 })),
  format: Type.Optional(
    Type.Literal('intervals', {
      description:
        'Opt-in compact answer (ClinicIntervals, media type ' +
        "application/vnd.imaging.slot-intervals+json); without it the spec's ClinicSlots",
    }),
  ),
});
assertSameShape<Equal<Static<typeof ClinicAppointmentRequestSchema>, ClinicAppointmentRequest>>();

export const SlotSchema = Type.Object({
  clinicId: I,
  clinicSlug: S,
  clinicName: S,
  startDateTime: ZonedInstant,
  endDateTime: ZonedInstant,
  deviceId: I,
  timeZone: Type.String({ description: 'IANA time zone of the clinic' }),
});
assertSameShape<Equal<Static<typeof SlotSchema>, Slot>>();

export const ClinicSlotsSchema = Type.Object({
  clinicId: I,
  clinicSlug: S,
  clinicName: S,
  timeZone: S,
  slots: Type.Array(SlotSchema),
});
assertSameShape<Equal<Static<typeof ClinicSlotsSchema>, ClinicSlots>>();

export const ClinicSlotsList = Type.Array(ClinicSlotsSchema);

export const ClinicIntervalsSchema = Type.Object({
  clinicId: I,
  clinicSlug: S,
  clinicName: S,
  timeZone: S,
  durationMinutes: Type.Integer({ description: 'Length of every slot, minutes' }),
  runs: Type.Array(I, {
    description:
      'Flat triples [start, count, deviceId]: count back-to-back slots on the device, the ' +
      'first at start (whole minutes since 1970-01-01T00:00Z), ascending',
  }),
});
assertSameShape<Equal<Static<typeof ClinicIntervalsSchema>, ClinicIntervals>>();

export const ClinicIntervalsList = Type.Array(ClinicIntervalsSchema);

export const NextAvailableQuery = Type.Object({
  examSlug: Slug,
  clinicIds: Type.String({
    maxLength: 550,
    pattern: `^${ID_PATTERN}(,${ID_PATTERN}){0,49}$`,
    description: 'Comma-separated clinic ids',
  }),
  from: Type.Optional(
    Type.String({ ...IsoDate, description: 'First day to search (default today)' }),
  ),
  // Not in booking.contract.ts: whose slot holds stay free (examBookingKey of clinic_appointments).
  bookingKey: Type.Optional(Token({ minLength: 0, maxLength: 100 })),
});
export type NextAvailableQuery = Static<typeof NextAvailableQuery>;
