/**
 * The catalogue's reads kept between requests (catalogue-cache.ts, issue 15
 * part 2): answered from memory while catalogue_version is current, and never
 * older than a write to a catalogue table that committed before the request
 * read the version (038_catalogue_version.sql).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOGUE_TABLES,
  createCatalogueCache,
  readsOnlyCatalogue,
} from '../db/catalogue-cache.js';
import type { Db, Queryable } from '../db/db.js';
import { book, bookOne, newKey, openBookingApp, PATIENT } from './booking-helpers.js';
import { closeTestApp } from './helpers.js';

let db: Db;
let app: FastifyInstance;
let sydney: number;
let mri: number[];
beforeAll(async () => {
  ({ db, app, sydney, mri } = await openBookingApp('catalogue_cache'));
});
afterAll(() => closeTestApp(app, db));

/** The database, counting the statements that reach it. */
function counting(q: Queryable): Queryable & { count: number } {
  const counted = {
    count: 0,
    query: <T>(sql: string, params?: unknown[]) => {
      counted.count++;
      return q.query<T>(sql, params);
    },
    exec: (sql: string) => q.exec(sql),
  };
  return counted;
}

const EXAM = 'SELECT name FROM exams WHERE slug = $1';

describe('which reads are the catalogue’s', () => {
  it('are reads of the listed tables only, joins and subqueries included', () => {
    expect(
      readsOnlyCatalogue('SELECT e.name FROM exams e JOIN modalities m ON m.id = e.modality_id'),
    ).toBe(true);
    expect(
      readsOnlyCatalogue(
        'SELECT a.id FROM questionnaire_answers a LEFT JOIN questionnaires qn ON qn.id = a.questionnaire_id',
      ),
    ).toBe(false);
    expect(
      readsOnlyCatalogue('SELECT id FROM exams WHERE id IN (SELECT exam_id FROM appointments)'),
    ).toBe(false);
    expect(readsOnlyCatalogue('SELECT x FROM unnest($1::int[]) AS x')).toBe(false);
    expect(readsOnlyCatalogue('SELECT now()')).toBe(false);
  });

  it('are those of exactly the tables whose writes bump catalogue_version', async () => {
    // This database's schema only (the PostgreSQL suite gives each file its own).
    const { rows } = await db.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
       WHERE t.tgname = c.relname || '_catalogue_version'
         AND c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())`,
    );
    expect(new Set(rows.map((row) => row.name))).toEqual(new Set(CATALOGUE_TABLES));
  });
});

describe('a view of the cache', () => {
  it('asks the version once and answers a repeated catalogue read from memory', async () => {
    const cache = createCatalogueCache();
    const first = counting(db);
    await cache.view(first).query(EXAM, ['mri-knee']);
    await cache.view(first).query(EXAM, ['mri-knee']);
    const later = counting(db);
    const view = cache.view(later);
    const { rows } = await view.query<{ name: string }>(EXAM, ['mri-knee']);
    await view.query(EXAM, ['mri-knee']);
    expect(rows[0]?.name).toBeTruthy();
    // Only the version: the exam came from memory.
    expect(later.count).toBe(1);
    // Other tables are asked every time.
    await view.query('SELECT count(*) FROM appointments');
    await view.query('SELECT count(*) FROM appointments');
    expect(later.count).toBe(3);
  });

  it('answers what a committed write changed, in the next view', async () => {
    const cache = createCatalogueCache();
    const before = await cache.view(db).query<{ name: string }>(EXAM, ['mri-knee']);
    const name = before.rows[0]?.name ?? '';
    await db.transaction((tx) =>
      tx.query("UPDATE exams SET name = name || ' (renamed)' WHERE slug = 'mri-knee'"),
    );
    try {
      const after = await cache.view(db).query<{ name: string }>(EXAM, ['mri-knee']);
      expect(after.rows[0]?.name).toBe(`${name} (renamed)`);
    } finally {
      await db.query('UPDATE exams SET name = $1 WHERE slug = $2', [name, 'mri-knee']);
    }
  });

  it('hands out frozen rows, so no request can change another’s answer', async () => {
    const { rows } = await createCatalogueCache()
      .view(db)
      .query<{ name: string }>(EXAM, ['mri-knee']);
    expect(() => {
      (rows[0] as { name: string }).name = 'changed';
    }).toThrow(TypeError);
    expect(() => rows.push({ name: 'more' })).toThrow(TypeError);
  });
});

describe('a booking after the catalogue changed', () => {
  it('R-8-22 is refused at a time the clinic no longer opens, though the cache was warm', async () => {
    // Warms the booking's catalogue reads (the exam, the clinic, its opening hours).
    await bookOne(app, db, { dayOffset: 0, hour: 9 });
    const hours = await db.query<Record<string, unknown>>(
      'SELECT clinic_id, weekday, opens, closes FROM opening_hours WHERE clinic_id = $1',
      [sydney],
    );
    await db.query('DELETE FROM opening_hours WHERE clinic_id = $1', [sydney]);
    try {
      const res = await book(app, {
        bookingKey: await newKey(app),
        examSlug: 'mri-knee',
        clinicId: sydney,
        deviceId: mri[0] as number,
        startDateTime: '2026-11-24T10:00:00+11:00',
        patient: PATIENT,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json<{ message: string }>().message).toBe('message.slot_conflict');
      const { rows } = await db.query(
        "SELECT 1 FROM appointments WHERE device_id = $1 AND lower(during) = '2026-11-24T10:00:00+11:00'",
        [mri[0]],
      );
      expect(rows).toHaveLength(0);
    } finally {
      for (const row of hours.rows) {
        await db.query(
          'INSERT INTO opening_hours (clinic_id, weekday, opens, closes) VALUES ($1, $2, $3, $4)',
          [row.clinic_id, row.weekday, row.opens, row.closes],
        );
      }
    }
  });
});
