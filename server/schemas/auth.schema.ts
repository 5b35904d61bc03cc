import { Type, type Static } from '@sinclair/typebox';
import type { AuthenticationStatus, User } from '../../src/contract/portal.js';
import { assertSameShape, type Equal } from './common.js';

export const UserSchema = Type.Object({
  username: Type.String(),
  userId: Type.String(),
  organization: Type.Union([Type.String(), Type.Null()]),
  currentDoctor: Type.Union([
    Type.Object({ firstName: Type.String(), lastName: Type.String() }),
    Type.Null(),
  ]),
});
assertSameShape<Equal<Static<typeof UserSchema>, User>>();

export const AuthenticationStatusSchema = Type.Object({
  authenticated: Type.Boolean(),
  user: Type.Union([UserSchema, Type.Null()]),
  roleTranslations: Type.Union([
    Type.String({ description: 'JSON string of translation overrides' }),
    Type.Null(),
  ]),
});
assertSameShape<Equal<Static<typeof AuthenticationStatusSchema>, AuthenticationStatus>>();

export const DevLoginBody = Type.Object(
  { username: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._@-]+$' }) },
  { additionalProperties: false },
);
export type DevLoginBody = Static<typeof DevLoginBody>;
