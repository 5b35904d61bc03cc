/**
 * PGlite statements in one call (pglite-one-trip.ts, issue 15 part 2): the
 * parameters travel as node-postgres sends them, and come back as PGlite's
 * own query returned them. PGlite only, in memory.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type PgliteDb } from '../db/pglite.js';
import { asText } from '../db/pglite-one-trip.js';
import { sqlState } from '../db/db.js';

let db: PgliteDb;
beforeAll(async () => {
  db = await openPglite(undefined);
});
afterAll(() => db.close());

describe('a parameter as text', () => {
  it('is what node-postgres would send', () => {
    expect(asText(null)).toBeNull();
    expect(asText(undefined)).toBeNull();
    expect(asText(12)).toBe('12');
    expect(asText(true)).toBe('true');
    expect(asText(new Date('2026-11-24T10:00:00Z'))).toBe('2026-11-24T10:00:00.000Z');
    expect(asText(new Uint8Array([0, 255]))).toBe('\\x00ff');
    expect(asText({ a: [1] })).toBe('{"a":[1]}');
    expect(asText(['a"b', 'c\\d', null, ''])).toBe('{"a\\"b","c\\\\d",NULL,""}');
    expect(asText([[1, 2], [3]])).toBe('{{"1","2"},{"3"}}');
  });
});

describe('a statement in one call', () => {
  it('round-trips arrays, bytes, JSON, booleans, dates and nulls', async () => {
    const { rows } = await db.query<Record<string, unknown>>(
      `SELECT $1::text[] AS texts, $2::int[] AS ints, $3::bytea AS bytes, $4::jsonb AS json,
         $5::boolean AS yes, $6::timestamptz AS at, $7::date AS day, $8::text AS nothing`,
      [
        ['a"b', 'c\\d', null, '', 'x,y', '{z}'],
        [1, 2, 3],
        new Uint8Array([0, 1, 254, 255]),
        JSON.stringify({ name: 'O’Brien "Jo"' }),
        false,
        new Date('2026-11-24T10:00:00Z'),
        '2026-11-24',
        null,
      ],
    );
    expect(rows[0]).toMatchObject({
      texts: ['a"b', 'c\\d', null, '', 'x,y', '{z}'],
      ints: [1, 2, 3],
      json: { name: 'O’Brien "Jo"' },
      yes: false,
      day: '2026-11-24',
      nothing: null,
    });
    expect([...(rows[0]?.bytes as Uint8Array)]).toEqual([0, 1, 254, 255]);
    expect((rows[0]?.at as Date).toISOString()).toBe('2026-11-24T10:00:00.000Z');
  });

  it('keeps a parameter a value, never SQL', async () => {
    const sneaky = "'); DROP TABLE nope; --";
    const { rows } = await db.query<{ v: string }>('SELECT $1::text AS v', [sneaky]);
    expect(rows[0]?.v).toBe(sneaky);
  });

  it('answers no rows for a write, and the SQLSTATE of an error', async () => {
    await db.exec('CREATE TABLE one_trip (id int PRIMARY KEY)');
    expect((await db.query('INSERT INTO one_trip VALUES ($1)', [1])).rows).toEqual([]);
    const error = await db.query('INSERT INTO one_trip VALUES ($1)', [1]).catch((e: unknown) => e);
    expect(sqlState(error)).toBe('23505');
    // The statement after an error runs as usual.
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM one_trip')).rows).toEqual(
      [{ n: 1 }],
    );
  });

  it('inside a transaction, is undone with it', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO one_trip VALUES ($1)', [2]);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    const { rows } = await db.query<{ id: number }>('SELECT id FROM one_trip ORDER BY id');
    expect(rows).toEqual([{ id: 1 }]);
  });

  it('waits for another caller’s transaction before it runs', async () => {
    const order: string[] = [];
    let inserted: () => void = () => undefined;
    const insideNow = new Promise<void>((resolve) => (inserted = resolve));
    const inside = db.transaction(async (tx) => {
      await tx.query('INSERT INTO one_trip VALUES ($1)', [3]);
      inserted();
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('transaction');
    });
    await insideNow;
    // Asked while the transaction is open: it runs after the COMMIT and sees its row.
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM one_trip');
    order.push(`read ${rows[0]?.n}`);
    await inside;
    expect(order).toEqual(['transaction', 'read 2']);
  });
});
