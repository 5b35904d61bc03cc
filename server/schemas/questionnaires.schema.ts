import { Type, type Static } from '@sinclair/typebox';
import type {
  AnswerRequest,
  ChangeExamRequest,
  ChangeExamResponse,
  ConsentAnswer,
  ConsentAnswerRequest,
  ConsentFormsResponse,
  FeedbackQuestionnaire,
  ProcessedOutcomeResponse,
  ProcessOutcomesRequest,
  Questionnaire,
  QuestionnaireAnswer,
  QuestionnaireJson,
  QuestionnaireMessage,
  QuestionnairesResponse,
  TemporaryAnswerRequest,
  Answers,
} from '../../src/contract/questionnaire.js';
import { ANSWER_KINDS, QUESTIONNAIRE_TYPES } from '../../src/contract/questionnaire.js';
import { MODAL_SIZES, OUTCOME_TYPES } from '../../src/contract/questionnaire-format.js';
import { BookingKey } from './booking.schema.js';
import { PatientNoteSchema, QuestionnaireExamSchema } from './questionnaire-booking.schema.js';
import { MAX_SIGNATURE_LENGTH } from '../../src/domain/questionnaire/validate.js';
import {
  assertSameShape,
  errorResponses,
  Id,
  scalarValue,
  SINGLE_LINE_PATTERN,
  stringEnum,
  Token,
  type Equal,
} from './common.js';

const S = Type.String();
const Int = Type.Integer();
const NullableInt = Type.Union([Type.Integer(), Type.Null()]);
const NullableString = Type.Union([Type.String(), Type.Null()]);

// The enum values come from the contract's lists, which define the types:
// a value cannot be missing here and present there.
const QuestionnaireTypeSchema = stringEnum(QUESTIONNAIRE_TYPES);
const OutcomeTypeSchema = stringEnum(OUTCOME_TYPES);
const ModalSizeSchema = stringEnum(MODAL_SIZES);

/** The survey JSON (docs/questionnaire-format.md); passed through as stored. */
const SurveyJson = Type.Unsafe<QuestionnaireJson>({
  type: 'object',
  additionalProperties: true,
  description: 'Survey JSON: a subset of the SurveyJS format (docs/questionnaire-format.md)',
});

/**
 * One answer: text (a comment keeps its line breaks; a drawn signature is a
 * data URL), a number, a boolean, null, or the values of a checkbox.
 */
const AnswerValue = {
  ...scalarValue(MAX_SIGNATURE_LENGTH),
  type: ['string', 'number', 'boolean', 'null', 'array'],
  maxItems: 200,
  items: { ...scalarValue(1000), pattern: SINGLE_LINE_PATTERN },
};

/** Answers by element name; a signature is a PNG data URL or a typed name. */
const AnswersSchema = Type.Unsafe<Answers>({
  type: 'object',
  additionalProperties: AnswerValue,
  maxProperties: 200,
  propertyNames: { maxLength: 200, pattern: SINGLE_LINE_PATTERN },
  description: 'Answers keyed by element name (SurveyJS survey.data)',
});

const StringParams = Type.Record(S, S);

export const QuestionnaireSchema = Type.Object({
  id: Int,
  type: QuestionnaireTypeSchema,
  title: S,
  modalSize: ModalSizeSchema,
  showClosingConfirmation: Type.Boolean(),
  examSlugs: Type.Array(S),
  modalityIds: Type.Array(Int),
  general: Type.Boolean(),
  json: SurveyJson,
});
assertSameShape<Equal<Static<typeof QuestionnaireSchema>, Questionnaire>>();

export const QuestionnaireAnswerSchema = Type.Object({
  id: Int,
  questionnaireId: Int,
  questionnaireType: QuestionnaireTypeSchema,
  questionnaireResult: AnswersSchema,
  modality: NullableInt,
  examSlug: NullableString,
  kind: stringEnum(ANSWER_KINDS),
  painScore: NullableInt,
  dateCreated: Type.String({ description: 'ISO instant' }),
});
assertSameShape<Equal<Static<typeof QuestionnaireAnswerSchema>, QuestionnaireAnswer>>();

export const QuestionnairesResponseSchema = Type.Object({
  questionnaires: Type.Array(QuestionnaireSchema),
  exams: Type.Array(QuestionnaireExamSchema, {
    description: 'The exams asked about: names for the page, facts for conditions ({booking.…})',
  }),
  bookingKey: S,
  examQuestionnaireAnswers: Type.Array(QuestionnaireAnswerSchema),
  allQuestionnaireAnswers: Type.Array(QuestionnaireAnswerSchema),
});
assertSameShape<Equal<Static<typeof QuestionnairesResponseSchema>, QuestionnairesResponse>>();

const SlugList = Type.String({
  maxLength: 1000,
  pattern: '^[a-z0-9,-]*$',
  description: 'Comma-separated slugs',
});
const TypeList = Type.String({
  maxLength: 400,
  pattern: '^[A-Z_,]*$',
  description: 'Comma-separated questionnaire types',
});

export const QuestionnairesQuery = Type.Object({
  examSlugs: Type.Optional(SlugList),
  modality: Type.Optional(
    Type.String({ maxLength: 100, pattern: '^[a-z0-9,-]*$', description: 'Modality ids or slugs' }),
  ),
  types: Type.Optional(TypeList),
  bookingKey: Type.Optional(BookingKey),
});
export type QuestionnairesQuery = Static<typeof QuestionnairesQuery>;

export const TypesQuery = Type.Object({ types: Type.Optional(TypeList) });
export type TypesQuery = Static<typeof TypesQuery>;

export const QuestionnaireIdParams = Type.Object({ questionnaireId: Id() });
export type QuestionnaireIdParams = Static<typeof QuestionnaireIdParams>;

/** {id} is the appointment's or booking request's slug, never its booking key. */
export const SlugParams = Type.Object({ id: Token({ maxLength: 100 }) });
export type SlugParams = Static<typeof SlugParams>;

export const ConsentParams = Type.Object({
  id: Token({ maxLength: 100 }),
  consentFormId: Id(),
});
export type ConsentParams = Static<typeof ConsentParams>;

const ExamSlug = Type.String({ minLength: 1, maxLength: 100, pattern: '^[a-z0-9-]+$' });

export const TemporaryAnswerRequestSchema = Type.Object({
  bookingKey: BookingKey,
  questionnaireId: Id(),
  questionnaireResult: AnswersSchema,
  examSlug: Type.Optional(Type.Union([ExamSlug, Type.Null()])),
  examSlugs: Type.Optional(
    Type.Array(ExamSlug, {
      maxItems: 10,
      description: "Every exam being booked: the booking's facts the answers are checked with",
    }),
  ),
});
assertSameShape<Equal<Static<typeof TemporaryAnswerRequestSchema>, TemporaryAnswerRequest>>();

export const AnswerRequestSchema = Type.Object({
  questionnaireId: Id(),
  questionnaireResult: AnswersSchema,
  examSlug: Type.Optional(Type.Union([ExamSlug, Type.Null()])),
});
assertSameShape<Equal<Static<typeof AnswerRequestSchema>, AnswerRequest>>();

export const ProcessOutcomesRequestSchema = Type.Object({
  bookingKey: BookingKey,
  questionnaireIds: Type.Optional(Type.Array(Id(), { maxItems: 50 })),
  examSlugs: Type.Optional(Type.Array(ExamSlug, { maxItems: 10 })),
});
assertSameShape<Equal<Static<typeof ProcessOutcomesRequestSchema>, ProcessOutcomesRequest>>();

export const ProcessedOutcomeResponseSchema = Type.Object({
  success: Type.Boolean(),
  message: NullableString,
  messageParams: StringParams,
  url: NullableString,
  medicareNumberRequired: Type.Boolean(),
  validationCodeRequired: Type.Boolean(),
  documentTypeId: NullableInt,
  insuranceTypeId: NullableInt,
  newExamSlug: NullableString,
  walkInExamName: NullableString,
  prepTime: NullableInt,
  minutesPrior: NullableInt,
  walkInEnabledGroup: NullableString,
  restrictQuestionnaireId: NullableInt,
  restrictMinDate: Type.Union([Type.String({ description: 'yyyy-mm-dd' }), Type.Null()]),
  createBookingRequest: Type.Boolean(),
  notes: Type.Array(PatientNoteSchema, {
    description: 'PATIENT_NOTE: what the answers mean for the patient (message keys)',
  }),
  outcomes: Type.Array(OutcomeTypeSchema),
});
assertSameShape<Equal<Static<typeof ProcessedOutcomeResponseSchema>, ProcessedOutcomeResponse>>();

export const MessageQuery = Type.Object({
  bookingKey: BookingKey,
  questionnaireId: Type.Optional(Id()),
});
export type MessageQuery = Static<typeof MessageQuery>;

export const QuestionnaireMessageSchema = Type.Object({
  message: NullableString,
  messageParams: StringParams,
});
assertSameShape<Equal<Static<typeof QuestionnaireMessageSchema>, QuestionnaireMessage>>();

export const ChangeExamRequestSchema = Type.Object({ bookingKey: BookingKey, examSlug: ExamSlug });
assertSameShape<Equal<Static<typeof ChangeExamRequestSchema>, ChangeExamRequest>>();

export const ChangeExamResponseSchema = Type.Object({
  examSlug: S,
  newExamSlug: S,
  newExamName: S,
  modalityId: Int,
});
assertSameShape<Equal<Static<typeof ChangeExamResponseSchema>, ChangeExamResponse>>();

export const FeedbackQuestionnaireSchema = Type.Object({
  questionnaireId: Int,
  questionnaireResult: Type.Union([AnswersSchema, Type.Null()]),
  title: S,
  modalSize: ModalSizeSchema,
  showClosingConfirmation: Type.Boolean(),
  questionnaire: Type.Object({
    examSlugs: Type.Array(S),
    modalityIds: Type.Array(Int),
    json: SurveyJson,
  }),
});
assertSameShape<Equal<Static<typeof FeedbackQuestionnaireSchema>, FeedbackQuestionnaire>>();

const ConsentAnswerSchema = Type.Object({
  consentFormId: Int,
  appointmentSlug: S,
  questionnaireResult: AnswersSchema,
  dateCreated: S,
});
assertSameShape<Equal<Static<typeof ConsentAnswerSchema>, ConsentAnswer>>();
export { ConsentAnswerSchema };

export const ConsentFormsResponseSchema = Type.Object({
  appointmentConsentForms: Type.Array(
    Type.Object({
      consentFormId: Int,
      appointmentSlug: S,
      required: Type.Boolean(),
      answered: Type.Boolean(),
    }),
  ),
  notifyPatient: Type.Boolean(),
  consentForms: Type.Array(
    Type.Object({
      id: Int,
      title: S,
      modalSize: ModalSizeSchema,
      showClosingConfirmation: Type.Boolean(),
      json: SurveyJson,
    }),
  ),
  answers: Type.Array(ConsentAnswerSchema),
});
assertSameShape<Equal<Static<typeof ConsentFormsResponseSchema>, ConsentFormsResponse>>();

export const ConsentAnswerRequestSchema = Type.Object({ questionnaireResult: AnswersSchema });
assertSameShape<Equal<Static<typeof ConsentAnswerRequestSchema>, ConsentAnswerRequest>>();

/** 400 answers of the save calls: `fields` names the elements (element → message key). */
export const AnswerErrorBody = Type.Object({
  statusCode: Type.Integer({ minimum: 400, maximum: 599 }),
  message: Type.String({
    description: 'message.error_answering_questionnaire (or the kind’s spec 8 key)',
  }),
  error: Type.Optional(S),
  fields: Type.Optional(Type.Record(S, S, { description: 'Element name → message key' })),
});

/** The answers of a call that saves a questionnaire answer. */
export const SaveAnswerResponses = {
  200: QuestionnaireAnswerSchema,
  400: AnswerErrorBody,
  ...errorResponses,
};
