// @vitest-environment node
/** A secret sealed under a booking key opens only with that key and purpose (server/db/secrets.ts). */
import { describe, expect, it } from 'vitest';
import { sealFor, unsealWith } from '../db/secrets.js';

const OLD = 'old-key-aaaaaaaaaaaaaaaaaaaa';
const NEW = 'new-key-bbbbbbbbbbbbbbbbbbbb';

describe('sealFor and unsealWith', () => {
  it('opens only with the key it was sealed for and the same purpose', () => {
    const sealed = sealFor(OLD, NEW, 'moved-to');
    expect(sealed).not.toContain(NEW);
    expect(sealFor(OLD, NEW, 'moved-to')).not.toBe(sealed); // a fresh IV each time
    expect(unsealWith(OLD, sealed, 'moved-to')).toBe(NEW);
    expect(unsealWith('another-key-cccccccccccccccc', sealed, 'moved-to')).toBeNull();
    expect(unsealWith(OLD, sealed, 'other')).toBeNull();
    expect(unsealWith(OLD, 'garbage', 'moved-to')).toBeNull();
    expect(unsealWith(OLD, `${sealed.slice(0, -2)}AA`, 'moved-to')).toBeNull();
  });
});
