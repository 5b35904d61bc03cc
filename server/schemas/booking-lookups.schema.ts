import { Type, type Static } from '@sinclair/typebox';
import type { ExamGroup, MobileLocation, WalkInExam } from '../../src/contract/booking.js';
import { IsoDate } from './booking-slots.schema.js';
import { assertSameShape, Id as IdOf, ID_PATTERN, Num, type Equal } from './common.js';

const S = Type.String();
const I = Type.Integer();
const N = Type.Number();

/** Ids of PostgreSQL integer columns. */
export const Id = IdOf();
const SLUG_LIST = '[a-z0-9][a-z0-9-]{0,99}';

export const ClinicIdsQuery = Type.Object({
  ids: Type.String({
    maxLength: 550,
    pattern: `^${ID_PATTERN}(,${ID_PATTERN}){0,49}$`,
    description: 'Comma-separated clinic ids (at most 50)',
  }),
});
export type ClinicIdsQuery = Static<typeof ClinicIdsQuery>;

export const ClinicParams = Type.Object({ clinicId: Id });
export type ClinicParams = Static<typeof ClinicParams>;

export const LocationQuery = Type.Object({
  latitude: Num({ minimum: -90, maximum: 90 }),
  longitude: Num({ minimum: -180, maximum: 180 }),
});
export type LocationQuery = Static<typeof LocationQuery>;

export const GroupExamsQuery = Type.Object({
  examSlugs: Type.String({
    pattern: `^${SLUG_LIST}(,${SLUG_LIST}){0,9}$`,
    maxLength: 1010,
    description: 'Comma-separated exam slugs (at most 10)',
  }),
});
export type GroupExamsQuery = Static<typeof GroupExamsQuery>;

export const ExamGroupSchema = Type.Object({
  examSlugs: Type.Array(S, { description: 'The requested exams, without repeats' }),
  clinicIds: Type.Array(I, { description: 'Clinics offering every one of them, ascending' }),
});
assertSameShape<Equal<Static<typeof ExamGroupSchema>, ExamGroup>>();

export const WalkInQuery = Type.Object({ clinicId: Type.Optional(Id) });
export type WalkInQuery = Static<typeof WalkInQuery>;

export const WalkInExamSchema = Type.Object({
  name: S,
  prepTime: Type.Integer({ description: 'Minutes of preparation before the walk-in' }),
  minutesPrior: Type.Integer({
    description: 'Walk-ins are accepted until this many minutes before closing',
  }),
  modalityId: I,
  clinicId: I,
});
assertSameShape<Equal<Static<typeof WalkInExamSchema>, WalkInExam>>();

export const MobileLocationsQuery = Type.Object({
  clinicId: Type.Optional(Id),
  from: Type.Optional(Type.String({ ...IsoDate, description: 'First day; default today' })),
  to: Type.Optional(Type.String({ ...IsoDate, description: 'Last day; default none' })),
});
export type MobileLocationsQuery = Static<typeof MobileLocationsQuery>;

export const MobileLocationSchema = Type.Object({
  id: Type.Integer({ description: 'Also the mobileLocationToken of clinic_appointments' }),
  clinicId: Type.Integer({ description: "The unit's home clinic (zone, hours, bookings)" }),
  name: S,
  address: S,
  latitude: N,
  longitude: N,
  startDate: Type.String({ ...IsoDate, description: "First day, inclusive, clinic's calendar" }),
  endDate: Type.String({ ...IsoDate, description: 'Last day, inclusive' }),
});
assertSameShape<Equal<Static<typeof MobileLocationSchema>, MobileLocation>>();

export const ExamGroupResponse = ExamGroupSchema;
export const WalkInExamList = Type.Array(WalkInExamSchema);
export const MobileLocationList = Type.Array(MobileLocationSchema);
