import { Type, type Static } from '@sinclair/typebox';
import type { DoctorSearchResult } from '../../src/contract/check-in.js';
import { assertSameShape, Text as FreeText, type Equal } from './common.js';

const Text = (description: string) => Type.String({ maxLength: 200, description });

export const DoctorSearchResultSchema = Type.Object(
  {
    id: Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'The referrer to send as `referrer`',
    }),
    name: Text('"Dr Jane Citizen"'),
    providerNumber: Type.String({ maxLength: 20, description: 'Medicare provider number' }),
    practice: Text('Practice name'),
    suburb: Text('Suburb of the practice'),
    postalCode: Type.String({ maxLength: 10 }),
    state: Type.String({ maxLength: 20 }),
  },
  { additionalProperties: false },
);
assertSameShape<Equal<Static<typeof DoctorSearchResultSchema>, DoctorSearchResult>>();

export const DoctorSearchResultsSchema = Type.Array(DoctorSearchResultSchema, { maxItems: 20 });

export const DoctorSearchQuery = Type.Object({
  term: FreeText({ maxLength: 100, description: 'At least 3 characters once trimmed' }),
});
export type DoctorSearchQuery = Static<typeof DoctorSearchQuery>;
