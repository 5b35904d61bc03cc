/**
 * Secrets are stored only as their SHA-256 (docs/security.md "Secrets at
 * rest"): session tokens, browser secrets, one-time codes and booking keys.
 * Each is 128 bits or more of randomness, or is checked under an attempt
 * budget, so an unsalted hash is enough; the hash is what rows hold and what
 * lookups compare.
 */
import { createHash } from 'node:crypto';

/** SHA-256 in base64url (43 characters). */
export function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

declare const keyRefBrand: unique symbol;

/**
 * A booking key as the database holds it: the hash of the key a patient has
 * in an e-mail link. Repositories take and return only this type, so a clear
 * key cannot reach a query by mistake; responses and e-mail links use the
 * clear key of the request that carried it, never a value read back.
 */
export type KeyRef = string & { readonly [keyRefBrand]: true };

/** The stored form of a clear booking key. */
export function keyRef(bookingKey: string): KeyRef {
  return secretHash(bookingKey) as KeyRef;
}

/** The stored form of a key a request may carry (empty means none). */
export function keyRefOf(bookingKey: string | null | undefined): KeyRef | undefined {
  return bookingKey ? keyRef(bookingKey) : undefined;
}
