/**
 * TypeBox schemas of the external radiologist's direct call and the
 * referrer's report quality feedback (src/contract/imaging.ts;
 * routes/image-viewer-direct.ts, routes/image-viewer-link.ts).
 */
import { Type, type Static } from '@sinclair/typebox';
import type {
  ImageViewerDirectRequest,
  ImageViewerDirectResponse,
  ReferrerFeedbackAnswer,
} from '../../src/contract/imaging.js';
import { assertSameShape, type Equal } from './common.js';
import { AccessionNumber } from './imaging.schema.js';

/** An image link code as sent: any printable text, so a malformed code is answered as an unknown one. */
const LinkCode = Type.String({
  minLength: 1,
  maxLength: 128,
  pattern: '^[!-~]*$',
  description: 'The image link code (imsec)',
});

export const ImageViewerDirectBody = Type.Object(
  {
    input: LinkCode,
    username: Type.String({ minLength: 1, maxLength: 200, pattern: '^[^\\u0000-\\u001f]*$' }),
    email: Type.String({ minLength: 3, maxLength: 254, format: 'email' }),
  },
  { additionalProperties: false },
);
assertSameShape<Equal<Static<typeof ImageViewerDirectBody>, ImageViewerDirectRequest>>();

export const ImageViewerDirectResponseSchema = Type.Object({
  url: Type.Union([Type.String(), Type.Null()]),
});
assertSameShape<Equal<Static<typeof ImageViewerDirectResponseSchema>, ImageViewerDirectResponse>>();

/** One of the two: the referrer's image link, or the accession as the PACS names the visit. */
export const FeedbackLinkQuery = Type.Object(
  {
    imsec: Type.Optional(LinkCode),
    pacsAppointmentId: Type.Optional(AccessionNumber),
  },
  { additionalProperties: false },
);
export type FeedbackLinkQuery = Static<typeof FeedbackLinkQuery>;

export const ReferrerFeedbackAnswerSchema = Type.Object({
  questionnaireId: Type.Integer(),
  questionnaireResult: Type.Record(Type.String(), Type.Unknown()),
  dateCreated: Type.String({ format: 'date-time' }),
});
assertSameShape<Equal<Static<typeof ReferrerFeedbackAnswerSchema>, ReferrerFeedbackAnswer>>();
