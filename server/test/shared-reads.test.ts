/** Which statements two requests may share (shared-reads.ts, read-once.ts, catalogue-cache.ts). */
import { describe, expect, it } from 'vitest';
import { isSharableRead, readKey } from '../db/shared-reads.js';

describe('a sharable read', () => {
  it('is a plain SELECT', () => {
    expect(isSharableRead('SELECT name FROM exams WHERE slug = $1')).toBe(true);
    expect(isSharableRead('  select 1')).toBe(true);
  });

  it('is never a write, a lock or a function that books (039_book_appointment.sql)', () => {
    for (const sql of [
      'INSERT INTO sessions (token_hash) VALUES ($1)',
      'SELECT id FROM outbox WHERE reference = $1 FOR UPDATE',
      'SELECT pg_advisory_xact_lock($1::int, $2::int)',
      "SELECT nextval('availability_version_seq')",
      'SELECT book_appointment($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) AS id',
      'SELECT claim_booking_key($1, $2, $3) AS claim',
      'SELECT id, visits FROM lock_gathering_message($1, $2, $3)',
    ]) {
      expect(isSharableRead(sql), sql).toBe(false);
    }
  });

  it('is known by its SQL and its parameters', () => {
    expect(readKey('SELECT 1 WHERE $1', [1])).not.toBe(readKey('SELECT 1 WHERE $1', [2]));
    expect(readKey('SELECT 1 WHERE $1', [BigInt(1)])).toBeUndefined();
  });
});
