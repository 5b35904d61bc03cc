import { Type, type Static } from '@sinclair/typebox';
import type {
  BodyPart,
  BookingClinic,
  Exam,
  Modality,
  PostCodeLocation,
  Region,
} from '../../src/contract/booking.js';
import { assertSameShape, Id, Num, type Equal } from './common.js';

const S = Type.String();
const N = Type.Number();
const I = Type.Integer();

export const SLUG_PATTERN = '^[a-z0-9][a-z0-9-]{0,99}$';
export const Slug = Type.String({ pattern: SLUG_PATTERN, maxLength: 100 });
const Latitude = Num({ minimum: -90, maximum: 90 });
const Longitude = Num({ minimum: -180, maximum: 180 });

export const ModalitySchema = Type.Object({ id: I, slug: S, name: S });
assertSameShape<Equal<Static<typeof ModalitySchema>, Modality>>();

export const BodyPartSchema = Type.Object({
  slug: S,
  name: S,
  view: Type.Union([Type.Literal('front'), Type.Literal('back'), Type.Literal('both')], {
    description: 'Which side of the body figure shows it',
  }),
});
assertSameShape<Equal<Static<typeof BodyPartSchema>, BodyPart>>();

export const ExamSchema = Type.Object({
  slug: S,
  name: S,
  modalityId: I,
  modalityName: S,
  priority: I,
  examCode: S,
  examNotes: S,
  notes: S,
  showBookingRequestInfoModal: Type.Boolean(),
  bodyPart: Type.String({ description: 'Body part slug; empty when none' }),
  durationMinutes: I,
  enquiryOnly: Type.Boolean({ description: 'Not bookable online: a booking request instead' }),
});
assertSameShape<Equal<Static<typeof ExamSchema>, Exam>>();

export const RegionSchema = Type.Object({ slug: S, name: S, latitude: N, longitude: N });
assertSameShape<Equal<Static<typeof RegionSchema>, Region>>();

export const PostCodeLocationSchema = Type.Object({
  id: I,
  code: S,
  country: Type.String({ description: 'ISO 3166 alpha-2: AU or NZ' }),
  suburb: S,
  latitude: N,
  longitude: N,
});
assertSameShape<Equal<Static<typeof PostCodeLocationSchema>, PostCodeLocation>>();

export const BookingClinicSchema = Type.Object({
  id: I,
  slug: S,
  name: S,
  address: S,
  suburb: S,
  state: S,
  postalCode: S,
  phone: S,
  timeZone: Type.String({ description: 'IANA time zone, e.g. Australia/Perth' }),
  latitude: N,
  longitude: N,
  regionSlug: S,
  distanceKm: Type.Union([N, Type.Null()], {
    description: 'Great-circle distance from latitude/longitude; null without them',
  }),
});
assertSameShape<Equal<Static<typeof BookingClinicSchema>, BookingClinic>>();

export const ExamsQuery = Type.Object({
  modalityId: Type.Optional(Id()),
  bodyPart: Type.Optional(Slug),
});
export type ExamsQuery = Static<typeof ExamsQuery>;

export const PostalCodeQuery = Type.Object({
  code: Type.String({
    maxLength: 4,
    pattern: '^[0-9]{4}$',
    description: 'Four-digit AU or NZ post code',
  }),
  // Not in booking.contract.ts: AU and NZ codes can coincide; without it AU is preferred.
  country: Type.Optional(Type.Union([Type.Literal('AU'), Type.Literal('NZ')])),
});
export type PostalCodeQuery = Static<typeof PostalCodeQuery>;

export const ClinicsQuery = Type.Object({
  examSlug: Type.Optional(Slug),
  latitude: Type.Optional(Latitude),
  longitude: Type.Optional(Longitude),
  regionSlug: Type.Optional(
    Type.String({
      pattern: SLUG_PATTERN,
      maxLength: 100,
      description: 'Only this region; select-region (R-2.2-07) means none',
    }),
  ),
});
export type ClinicsQuery = Static<typeof ClinicsQuery>;

export const ModalityList = Type.Array(ModalitySchema);
export const BodyPartList = Type.Array(BodyPartSchema);
export const ExamList = Type.Array(ExamSchema);
export const RegionList = Type.Array(RegionSchema);
export const BookingClinicList = Type.Array(BookingClinicSchema);
