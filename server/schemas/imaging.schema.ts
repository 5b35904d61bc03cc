/** TypeBox schemas of the imaging results calls (src/contract/imaging.ts; routes/image-viewer.ts, routes/results.ts). */
import { Type, type Static } from '@sinclair/typebox';
import {
  ACCESSION_PATTERN,
  DICOM_UID_MAX,
  DICOM_UID_PATTERN,
  IMSEC_PATTERN,
  REPOSITORY_SOURCE_PATTERN,
  type GeneratedImageLink,
  type ImageViewerResponse,
  type ImageViewerUrlResponse,
  type ImportReadyStatus,
  type PainScoresResponse,
  type QuickReport,
  type Report,
  type ReportsResponse,
  type ResultsAccess,
  type ViewerToken,
} from '../../src/contract/imaging.js';
import { assertSameShape, Int, type Equal } from './common.js';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) =>
  Type.Union([schema, Type.Null()]);
const Str = Type.String();
const Instant = Type.String({ format: 'date-time' });
const LinkStatus = Type.Union([Type.Literal('ACTIVE'), Type.Literal('EXPIRED')]);
const Preference = Type.Union([Type.Literal('PACS'), Type.Literal('VIEWER')]);
const Modality = Type.Union(
  (['CT', 'MR', 'DX', 'CR', 'US', 'MG', 'NM', 'PT', 'XA', 'RF'] as const).map((m) =>
    Type.Literal(m),
  ),
);
const ReportStatus = Type.Union([
  Type.Literal('PRELIMINARY'),
  Type.Literal('FINAL'),
  Type.Literal('AMENDED'),
]);

export const Imsec = Type.String({ minLength: 22, maxLength: 64, pattern: IMSEC_PATTERN });
export const RepositorySource = Type.String({
  minLength: 1,
  maxLength: 32,
  pattern: REPOSITORY_SOURCE_PATTERN,
});
export const AccessionNumber = Type.String({
  minLength: 1,
  maxLength: 32,
  pattern: ACCESSION_PATTERN,
});
export const DicomUid = Type.String({
  minLength: 1,
  maxLength: DICOM_UID_MAX,
  pattern: DICOM_UID_PATTERN,
});

/**
 * The imsec query. The code is loosely bounded here on purpose: a code of the
 * wrong shape answers like an unknown one (EXPIRED), never 400, so that a
 * probe learns nothing from the answer's kind.
 */
export const ImageViewerQuery = Type.Object(
  {
    input: Type.String({ minLength: 1, maxLength: 128, pattern: '^[!-~]*$' }),
    repositorySource: Type.Optional(RepositorySource),
  },
  { additionalProperties: false },
);
export type ImageViewerQuery = Static<typeof ImageViewerQuery>;

export const GenerateQuery = Type.Object(
  {
    accessionNumber: AccessionNumber,
    repositorySource: Type.Optional(RepositorySource),
    repositorySourceId: Type.Optional(RepositorySource),
  },
  { additionalProperties: false },
);
export type GenerateQuery = Static<typeof GenerateQuery>;

export const ImageViewerResponseSchema = Type.Object({
  url: Nullable(Str),
  imageViewerLinkStatus: LinkStatus,
  redirectUrl: Nullable(Str),
  preference: Preference,
  pacsUrl: Nullable(Str),
});
assertSameShape<Equal<Static<typeof ImageViewerResponseSchema>, ImageViewerResponse>>();

export const ViewerTokenSchema = Type.Object({
  token: Str,
  tokenType: Type.Literal('Bearer'),
  expiresAt: Instant,
  expiresIn: Type.Integer(),
  studyInstanceUid: Str,
  dicomWebRoot: Str,
});
assertSameShape<Equal<Static<typeof ViewerTokenSchema>, ViewerToken>>();

export const GeneratedImageLinkSchema = Type.Object({
  imsec: Str,
  accessionNumber: Str,
  imageViewerLinkStatus: LinkStatus,
  expiresAt: Instant,
  quickReportUrl: Str,
});
assertSameShape<Equal<Static<typeof GeneratedImageLinkSchema>, GeneratedImageLink>>();

export const ReportSchema = Type.Object({
  accessionNumber: Str,
  studyInstanceUid: Str,
  modality: Modality,
  examName: Str,
  studyDate: Str,
  reportStatus: ReportStatus,
  clinicalHistory: Str,
  technique: Str,
  findings: Str,
  impression: Str,
  radiologistName: Str,
  finalisedAt: Nullable(Instant),
  releasedAt: Nullable(Instant),
});
assertSameShape<Equal<Static<typeof ReportSchema>, Report>>();

export const ReportsResponseSchema = Type.Object({ reports: Type.Array(ReportSchema) });
assertSameShape<Equal<Static<typeof ReportsResponseSchema>, ReportsResponse>>();

export const QuickReportSchema = Type.Object({
  patientName: Str,
  dateOfBirth: Str,
  examName: Str,
  modality: Modality,
  studyDate: Str,
  accessionNumber: Str,
  clinicName: Str,
  report: Type.Union([ReportSchema, Type.Null()]),
  imagesAvailable: Type.Boolean(),
});
assertSameShape<Equal<Static<typeof QuickReportSchema>, QuickReport>>();

export const PainScoresResponseSchema = Type.Object({
  painScores: Type.Array(
    Type.Object({
      type: Type.Union([Type.Literal('PAIN_SCORE_INITIAL'), Type.Literal('PAIN_SCORE_FINAL')]),
      score: Int({ minimum: 0, maximum: 10 }),
      recordedAt: Instant,
    }),
  ),
});
assertSameShape<Equal<Static<typeof PainScoresResponseSchema>, PainScoresResponse>>();

export const ImageViewerUrlResponseSchema = Type.Object({ url: Nullable(Str) });
assertSameShape<Equal<Static<typeof ImageViewerUrlResponseSchema>, ImageViewerUrlResponse>>();

export const ImportReadyStatusSchema = Type.Object({
  importReady: Type.Boolean(),
  imagesAvailable: Type.Boolean(),
  reportAvailable: Type.Boolean(),
});
assertSameShape<Equal<Static<typeof ImportReadyStatusSchema>, ImportReadyStatus>>();

export const ResultsAccessSchema = Type.Object({
  state: Type.Union([
    Type.Literal('NOT_READY'),
    Type.Literal('WAITING'),
    Type.Literal('RELEASED'),
    Type.Literal('EXPIRED'),
  ]),
  authenticationType: Type.Literal('APPOINTMENT_RESULTS'),
  releaseAfterDays: Type.Integer(),
  releaseWhenReferrerOpened: Type.Boolean(),
  availableMonths: Type.Integer(),
  availableFrom: Nullable(Instant),
  availableUntil: Nullable(Instant),
  resultsExpired: Type.Boolean(),
});
assertSameShape<Equal<Static<typeof ResultsAccessSchema>, ResultsAccess>>();

export const AccessionParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100, pattern: '^[!-~]*$' }),
  accessionNumber: AccessionNumber,
});
export type AccessionParams = Static<typeof AccessionParams>;
