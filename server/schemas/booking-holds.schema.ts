import { Type, type Static } from '@sinclair/typebox';
import type {
  ReferenceAppointment,
  ReferenceAppointmentsRequest,
  ReserveSlotsRequest,
  SlotHold,
  UpdateBookingKeyRequest,
} from '../../src/contract/booking.js';
import { Slug } from './booking-catalogue.schema.js';
import { IsoDate, SlotSchema } from './booking-slots.schema.js';
import { BookingKey } from './booking.schema.js';
import { assertSameShape, Id, Int, Token, type Equal } from './common.js';

const Instant = Type.String({
  format: 'date-time',
  maxLength: 40,
  description: 'ISO instant with an offset or Z; a slot startDateTime',
});

export const ReserveSlotsRequestSchema = Type.Object({
  bookingKey: BookingKey,
  holds: Type.Array(
    Type.Object({ examSlug: Slug, clinicId: Id(), deviceId: Id(), startDateTime: Instant }),
    { maxItems: 10, description: "Replaces the key's earlier holds; [] only releases them" },
  ),
});
assertSameShape<Equal<Static<typeof ReserveSlotsRequestSchema>, ReserveSlotsRequest>>();

export const SlotHoldSchema = Type.Object({
  examSlug: Type.String(),
  deviceId: Type.Integer(),
  startDateTime: Type.String({ description: "ISO with the clinic's offset" }),
  expiresAt: Type.String({ description: 'ISO instant (UTC); after bookingForm.slotHoldMinutes' }),
});
assertSameShape<Equal<Static<typeof SlotHoldSchema>, SlotHold>>();
export const SlotHoldList = Type.Array(SlotHoldSchema);

export const BookingKeyParams = Type.Object({
  bookingKey: Token({ maxLength: 100 }),
});
export type BookingKeyParams = Static<typeof BookingKeyParams>;

export const ReferenceAppointmentsRequestSchema = Type.Object({
  clinicId: Id(),
  examSlugs: Type.Array(Slug, {
    minItems: 1,
    maxItems: 5,
    description: 'In the order the patient will have them; each once',
  }),
  start: Type.String({ ...IsoDate, description: "First day (clinic's calendar), inclusive" }),
  end: Type.String({ ...IsoDate, description: 'Last day, inclusive; at most 14 days in all' }),
  maxGapMinutes: Type.Optional(
    Int({ minimum: 0, maximum: 240, description: 'Longest wait between exams; 30' }),
  ),
  // Not in booking.contract.ts: whose holds stay free (like examBookingKey of clinic_appointments).
  bookingKey: Type.Optional(Token({ minLength: 0, maxLength: 100 })),
});
assertSameShape<
  Equal<
    Omit<Static<typeof ReferenceAppointmentsRequestSchema>, 'bookingKey'>,
    ReferenceAppointmentsRequest
  >
>();
export type ReferenceAppointmentsBody = Static<typeof ReferenceAppointmentsRequestSchema>;

export const ReferenceAppointmentSchema = Type.Object({
  slots: Type.Array(SlotSchema, { description: 'One per exam, in the requested order' }),
});
assertSameShape<Equal<Static<typeof ReferenceAppointmentSchema>, ReferenceAppointment>>();
export const ReferenceAppointmentList = Type.Array(ReferenceAppointmentSchema);

export const UpdateBookingKeyRequestSchema = Type.Object({
  oldBookingKey: BookingKey,
  newBookingKey: BookingKey,
});
assertSameShape<Equal<Static<typeof UpdateBookingKeyRequestSchema>, UpdateBookingKeyRequest>>();
