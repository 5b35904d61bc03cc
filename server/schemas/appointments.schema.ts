import { Type, type Static } from '@sinclair/typebox';
import type {
  AppointmentStatus,
  AppointmentSummary,
  AppointmentSummaryRequest,
  AppointmentView,
  CallbackRequest,
  CallCentreEmailRequest,
  CancelAppointmentRequest,
  CancelResult,
  CanChangeReason,
  CanChangeStatusResponse,
  ChangeAction,
} from '../../src/contract/appointments.js';
import { CALL_CENTRE_MESSAGE_MAX, CANCEL_NOTE_MAX } from '../../src/contract/appointments.js';
import type {
  BookingRequestStatus,
  BookingRequestStatusUpdate,
  BookingRequestSummary,
  BookingRequestSummaryRequest,
} from '../../src/contract/booking-requests.js';
import { assertSameShape, MULTI_LINE_PATTERN, Text, Token, type Equal } from './common.js';
import { PatientNoteSchema } from './questionnaire-booking.schema.js';

const S = Type.String();
const N = Type.Number();
const B = Type.Boolean();
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) =>
  Type.Union([schema, Type.Null()]);

const BookingKeyField = Token({ maxLength: 100 });

export const SlugParams = Type.Object({
  id: Token({ maxLength: 100, description: "The appointment's or request's slug" }),
});
export type SlugParams = Static<typeof SlugParams>;

export const SummaryRequestSchema = Type.Object(
  { bookingKey: BookingKeyField },
  { additionalProperties: false },
);
assertSameShape<Equal<Static<typeof SummaryRequestSchema>, AppointmentSummaryRequest>>();
assertSameShape<Equal<Static<typeof SummaryRequestSchema>, BookingRequestSummaryRequest>>();

const Status = Type.Unsafe<AppointmentStatus>(
  Type.String({
    enum: [
      'PENDING',
      'BOOKED',
      'CONFIRMED',
      'CHECKED_IN',
      'COMPLETED',
      'NO_SHOW',
      'CANCELED',
      'DECLINED_BY_PATIENT',
      'REMOVED_BY_OPERATOR',
      'DELETED',
      'ON_HOLD',
    ],
  }),
);

const CancelReasonSchema = Type.Object({ label: Text({ minLength: 1, maxLength: 200 }) });

export const AppointmentViewSchema = Type.Object({
  slug: S,
  bookingKey: S,
  success: B,
  errorMessage: Nullable(S),
  modalityName: S,
  examName: S,
  clinicName: S,
  patientEmailHash: S,
  date: Type.String({ description: "Start, ISO with the clinic's offset" }),
  endTime: Type.String({ description: "End, ISO with the clinic's offset" }),
  examSlug: S,
  examDetails: Type.Object({ slug: S, name: S, modalityName: S, examNotes: S, notes: S }),
  status: Status,
  expired: B,
  walkIn: B,
  enquireOnly: B,
  timeZone: S,
  clinic: Type.Object({
    id: N,
    slug: S,
    name: S,
    address: S,
    suburb: S,
    state: S,
    postalCode: S,
    phone: S,
    email: S,
    timeZone: S,
    latitude: N,
    longitude: N,
  }),
  clinicAddress: S,
  preparation: S,
  documentsNeeded: Type.Array(S),
  checkInPrepared: B,
  checkInPreparedSent: B,
  checkInSent: B,
  checkInSuccess: B,
  showGenderSelection: B,
  patientMedicareNumber: Nullable(S),
  patientDetails: Type.Object({
    title: Nullable(S),
    firstName: S,
    lastName: S,
    dateOfBirth: Nullable(S),
    email: Nullable(S),
    contactNumber: Nullable(S),
    postalCode: Nullable(S),
    medicareNumber: Nullable(S),
    sex: Nullable(S),
  }),
  patientFolioNumber: Nullable(S),
  emailsUnsubscribed: B,
  movedTo: Type.Union([
    Type.Object({
      date: Type.String({ description: "The new start, ISO with its clinic's offset" }),
      timeZone: S,
      clinicName: S,
      examName: S,
      bookingKey: Type.Union([S, Type.Null()], {
        description: "The new appointment's key, only in the old key's own summary",
      }),
    }),
    Type.Null(),
  ]),
  walkIns: Type.Array(Type.Object({ name: S, prepTime: N, minutesPrior: N })),
  patientNotes: Type.Array(PatientNoteSchema, {
    description: 'What the questionnaire answers mean for this visit (i18n keys and values)',
  }),
  movedFrom: Type.Union([
    Type.Object({
      date: Type.String({ description: "The old start, ISO with its clinic's offset" }),
      timeZone: S,
    }),
    Type.Null(),
  ]),
});
assertSameShape<Equal<Static<typeof AppointmentViewSchema>, AppointmentView>>();

export const AppointmentSummarySchema = Type.Object({
  bookingKey: S,
  appointments: Type.Array(AppointmentViewSchema),
  cancelReasons: Type.Array(CancelReasonSchema),
  cancelPriorMinutes: N,
  reschedulePriorMinutes: N,
  walkInRescheduleAllowed: B,
});
assertSameShape<Equal<Static<typeof AppointmentSummarySchema>, AppointmentSummary>>();

export const CanChangeQuery = Type.Object({
  action: Type.Optional(Type.Unsafe<ChangeAction>(Type.String({ enum: ['CANCEL', 'RESCHEDULE'] }))),
});
export type CanChangeQuery = Static<typeof CanChangeQuery>;

export const CanChangeStatusSchema = Type.Object({
  canChange: B,
  reason: Type.Union([
    Type.Unsafe<CanChangeReason>(
      Type.String({ enum: ['APPOINTMENT_CANCELLED', 'PRIOR_MINUTES', 'ENQUIRE_ONLY'] }),
    ),
    Type.Null(),
  ]),
  priorMinutes: N,
});
assertSameShape<Equal<Static<typeof CanChangeStatusSchema>, CanChangeStatusResponse>>();

export const CancelAppointmentSchema = Type.Object(
  {
    reason: CancelReasonSchema,
    note: Text({ maxLength: CANCEL_NOTE_MAX, multiline: true }),
  },
  { additionalProperties: false },
);
assertSameShape<Equal<Static<typeof CancelAppointmentSchema>, CancelAppointmentRequest>>();

export const CancelResultSchema = Type.Object({
  slug: S,
  status: Type.Literal('CANCELED'),
  reason: CancelReasonSchema,
  note: S,
});
assertSameShape<Equal<Static<typeof CancelResultSchema>, CancelResult>>();

export const CallCentreEmailSchema = Type.Object(
  {
    message: Type.String({
      minLength: 1,
      maxLength: CALL_CENTRE_MESSAGE_MAX,
      // Something besides white space, and no control characters but tabs and line breaks.
      pattern: `(?=[\\s\\S]*\\S)${MULTI_LINE_PATTERN}`,
    }),
  },
  { additionalProperties: false },
);
assertSameShape<Equal<Static<typeof CallCentreEmailSchema>, CallCentreEmailRequest>>();

export const CallbackRequestSchema = Type.Object(
  {
    contactNumber: Type.String({ maxLength: 21, pattern: '^\\+?[0-9 ()-]{8,20}$' }),
    note: Type.Optional(Text({ maxLength: 500, multiline: true })),
  },
  { additionalProperties: false },
);
assertSameShape<Equal<Static<typeof CallbackRequestSchema>, CallbackRequest>>();

export const BookingRequestSummarySchema = Type.Object({
  slug: S,
  bookingKey: S,
  success: B,
  errorMessage: Nullable(S),
  modalityName: S,
  examName: S,
  clinicName: S,
  patientEmailHash: S,
  status: Type.Unsafe<BookingRequestStatus>(
    Type.String({ enum: ['PENDING', 'BOOKED', 'CANCELED'] }),
  ),
  exams: Type.Array(Type.Object({ slug: S, name: S, modalityName: S })),
  clinic: Type.Union([
    Type.Object({ id: N, name: S, address: S, phone: S, timeZone: S, latitude: N, longitude: N }),
    Type.Null(),
  ]),
  patientDetails: Type.Object({
    title: Nullable(S),
    firstName: S,
    lastName: S,
    dateOfBirth: S,
    email: S,
    contactNumber: S,
    postalCode: S,
  }),
  note: S,
  createdAt: S,
  referrals: Type.Array(Type.Object({ id: N, fileName: S })),
});
assertSameShape<Equal<Static<typeof BookingRequestSummarySchema>, BookingRequestSummary>>();

export const BookingRequestStatusSchema = Type.Object(
  { status: Type.Literal('CANCELED') },
  { additionalProperties: false },
);
assertSameShape<Equal<Static<typeof BookingRequestStatusSchema>, BookingRequestStatusUpdate>>();
