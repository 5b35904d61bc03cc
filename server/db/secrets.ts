/**
 * Secrets are stored only as their SHA-256 (docs/security.md "Secrets at
 * rest"): session tokens, browser secrets, one-time codes and booking keys.
 * Each is 128 bits or more of randomness, or is checked under an attempt
 * budget, so an unsalted hash is enough; the hash is what rows hold and what
 * lookups compare.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

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

/**
 * Seals a secret so that only the holder of `key` (a clear booking key the
 * database never holds) can read it back: AES-256-GCM under the key's own
 * SHA-256 with a purpose label. A rescheduled appointment keeps its new
 * booking key sealed this way under the old one, so the old e-mail link
 * leads to the new appointment while a copy of the database opens nothing.
 */
export function sealFor(key: string, secret: string, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(key, purpose), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The secret sealed for `key`, or null when the key or the text does not fit. */
export function unsealWith(key: string, sealed: string, purpose: string): string | null {
  try {
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv(
      'aes-256-gcm',
      sealingKey(key, purpose),
      bytes.subarray(0, 12),
    );
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

function sealingKey(key: string, purpose: string): Buffer {
  return createHash('sha256').update(`${purpose}\u0000${key}`).digest();
}
