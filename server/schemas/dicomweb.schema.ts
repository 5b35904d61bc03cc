/** Request schemas of the read-only DICOMweb service (routes/dicomweb.ts). */
import { Type, type Static } from '@sinclair/typebox';
import { Int } from './common.js';
import { DicomUid } from './imaging.schema.js';

const Token = Type.String({ minLength: 1, maxLength: 600, pattern: '^[A-Za-z0-9._-]*$' });
const Uids = Type.String({ minLength: 1, maxLength: 650, pattern: '^[0-9.,\\\\]*$' });
const Words = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9,\\\\]*$' });
const DateRange = Type.String({
  minLength: 1,
  maxLength: 17,
  pattern: '^([0-9]{8})?(-([0-9]{8})?)?$',
});
const Code = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._-]*$' });

/** The viewer token as a query parameter, for viewers that cannot set the Authorization header. */
export const TokenQuery = Type.Object(
  { token: Type.Optional(Token), access_token: Type.Optional(Token) },
  { additionalProperties: false },
);
export type TokenQuery = Static<typeof TokenQuery>;

/**
 * QIDO-RS query parameters (PS3.18 8.3.4) by keyword or by tag; other
 * attributes are not searchable here and are dropped.
 */
export const QidoQuery = Type.Object(
  {
    token: Type.Optional(Token),
    access_token: Type.Optional(Token),
    StudyInstanceUID: Type.Optional(Uids),
    '0020000D': Type.Optional(Uids),
    PatientID: Type.Optional(Code),
    '00100020': Type.Optional(Code),
    AccessionNumber: Type.Optional(Code),
    '00080050': Type.Optional(Code),
    StudyDate: Type.Optional(DateRange),
    '00080020': Type.Optional(DateRange),
    ModalitiesInStudy: Type.Optional(Words),
    '00080061': Type.Optional(Words),
    Modality: Type.Optional(Words),
    '00080060': Type.Optional(Words),
    SeriesInstanceUID: Type.Optional(DicomUid),
    '0020000E': Type.Optional(DicomUid),
    SOPInstanceUID: Type.Optional(DicomUid),
    '00080018': Type.Optional(DicomUid),
    limit: Type.Optional(Int({ minimum: 1, maximum: 1000 })),
    offset: Type.Optional(Int({ minimum: 0, maximum: 100000 })),
    includefield: Type.Optional(
      Type.String({ minLength: 1, maxLength: 400, pattern: '^[A-Za-z0-9,\\\\]*$' }),
    ),
    fuzzymatching: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type QidoQuery = Static<typeof QidoQuery>;

/** PS3.18 8.3.5.1: rendered resources' viewport (width,height) and window (center,width,function). */
export const RenderedQuery = Type.Object(
  {
    token: Type.Optional(Token),
    access_token: Type.Optional(Token),
    viewport: Type.Optional(
      Type.String({ minLength: 3, maxLength: 9, pattern: '^[0-9]{1,4},[0-9]{1,4}$' }),
    ),
    window: Type.Optional(
      Type.String({
        minLength: 3,
        maxLength: 40,
        pattern: '^-?[0-9]{1,6}(\\.[0-9]{1,3})?,[0-9]{1,6}(\\.[0-9]{1,3})?(,[a-zA-Z]{1,10})?$',
      }),
    ),
  },
  { additionalProperties: false },
);
export type RenderedQuery = Static<typeof RenderedQuery>;

export const StudyParams = Type.Object({ study: DicomUid });
export const SeriesParams = Type.Object({ study: DicomUid, series: DicomUid });
export const InstanceParams = Type.Object({ study: DicomUid, series: DicomUid, sop: DicomUid });
export const FrameParams = Type.Object({
  study: DicomUid,
  series: DicomUid,
  sop: DicomUid,
  frames: Type.String({ minLength: 1, maxLength: 40, pattern: '^[0-9]{1,5}(,[0-9]{1,5}){0,5}$' }),
});
export type DicomWebParams = { study: string; series?: string; sop?: string; frames?: string };
