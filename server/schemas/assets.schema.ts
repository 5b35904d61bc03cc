import { Type, type Static } from '@sinclair/typebox';
import { APPLICATION_ASSETS } from '../../src/contract/portal.js';
import { Token } from './common.js';

export const TranslationsQuery = Type.Object({
  lang: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$',
      maxLength: 35,
      description: 'BCP 47 locale; an unsupported one answers the en-AU bundle',
    }),
  ),
});
export type TranslationsQuery = Static<typeof TranslationsQuery>;

export const TranslationBundleSchema = Type.Record(Type.String(), Type.String(), {
  description: 'Flat bundle: message key → text',
});

export const AssetParams = Type.Object({
  // Any other name, even a path, is simply not found (404).
  name: Token({ maxLength: 64, description: `One of ${APPLICATION_ASSETS.join(', ')}` }),
});
export type AssetParams = Static<typeof AssetParams>;

export const BinaryImage = Type.String({ format: 'binary', description: 'Image bytes' });
