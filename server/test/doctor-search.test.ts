import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoctorSearchResult } from '../../src/contract/check-in.js';
import type { Db } from '../db/db.js';
import { countDoctors, findDoctorName, searchDoctors } from '../db/doctors.repo.js';
import { providerCheckChar, SEEDED_DOCTOR_COUNT } from '../db/seed-doctors.js';
import { bookOne, openBookingApp } from './booking-helpers.js';
import { closeTestApp, patientCookies, SETUP_TIMEOUT, testApp } from './helpers.js';

let db: Db;
let app: FastifyInstance;
let slug: string;
let cookies: Record<string, string>;
let other: { slug: string; cookies: Record<string, string> };

const search = (term: string, as = cookies, at = slug) =>
  app.inject({
    method: 'GET',
    url: `/api/secured/appointments/${at}/doctor_search?term=${encodeURIComponent(term)}`,
    cookies: as,
  });

beforeAll(async () => {
  ({ db, app } = await openBookingApp('doctor-search'));
  const mine = await bookOne(app, db);
  slug = mine.slug;
  cookies = await patientCookies(app, mine.bookingKey);
  const theirs = await bookOne(app, db, { dayOffset: 1 });
  other = { slug: theirs.slug, cookies: await patientCookies(app, theirs.bookingKey) };
}, SETUP_TIMEOUT);

afterAll(() => closeTestApp(app, db));

describe('the referrer directory (issue 16 part 5)', () => {
  it('holds at least 500 seeded referrers with Medicare-format provider numbers', async () => {
    expect(await countDoctors(db)).toBeGreaterThanOrEqual(500);
    expect(SEEDED_DOCTOR_COUNT).toBeGreaterThanOrEqual(500);
    const { rows } = await db.query<{ n: string; p: string; s: string }>(
      'SELECT provider_number AS p, postal_code AS n, state AS s FROM doctors',
    );
    for (const row of rows) {
      const match = /^(\d{6})([0-9A-HJ-NP-RT-Y])([ABFHJKLTWXY])$/.exec(row.p);
      expect(match, row.p).not.toBeNull();
      expect(providerCheckChar(match?.[1] ?? '', match?.[2] ?? '')).toBe(match?.[3]);
      expect(['NSW', 'WA']).toContain(row.s);
      expect(row.n).toMatch(/^[26]\d{3}$/);
    }
    expect(new Set(rows.map((row) => row.p)).size).toBe(rows.length);
  });

  it('computes the check character of a known provider number (2429581T)', () => {
    expect(providerCheckChar('242958', '1')).toBe('T');
  });

  it('finds the name of a chosen referrer, and nothing for an unknown id', async () => {
    expect(await findDoctorName(db, 'dr-0001')).toMatch(/^Dr \S+ \S+/);
    expect(await findDoctorName(db, 'nobody')).toBeNull();
  });
});

describe('GET /api/secured/appointments/{slug}/doctor_search (R-7-calls-13)', () => {
  it('refuses a term shorter than 3 characters once trimmed (R-5-17, R-9-12)', async () => {
    for (const term of ['', 'sm', '  sm  ']) {
      const res = await search(term);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('message.doctor_search_term_too_short');
    }
    expect((await search('smi')).statusCode).toBe(200);
  });

  it('matches case-insensitively: the term is lower-cased (R-5-18)', async () => {
    const lower = (await search('smi')).json<DoctorSearchResult[]>();
    const upper = (await search('  SMI ')).json<DoctorSearchResult[]>();
    expect(lower.length).toBeGreaterThan(0);
    expect(upper).toEqual(lower);
  });

  it('answers at most 20, distinct by id', async () => {
    const results = (await search('med')).json<DoctorSearchResult[]>();
    expect(results.length).toBe(20);
    expect(new Set(results.map((d) => d.id)).size).toBe(20);
  });

  it('lists surname prefix matches before given-name matches', async () => {
    const results = (await search('dav')).json<DoctorSearchResult[]>();
    const bySurname = results.map((d) => /^dav/i.test(d.name.split(' ').at(-1) ?? ''));
    expect(bySurname[0]).toBe(true);
    expect(bySurname).toContain(false); // Dr David … comes after Dr … Davis
    expect(bySurname.slice(bySurname.indexOf(false))).not.toContain(true);
  });

  it('matches practice, suburb and post code words, and several words together', async () => {
    const bySuburb = (await search('parramatta')).json<DoctorSearchResult[]>();
    expect(bySuburb.length).toBeGreaterThan(0);
    expect(bySuburb.every((d) => d.suburb === 'Parramatta')).toBe(true);
    const byCode = (await search('6160')).json<DoctorSearchResult[]>();
    expect(byCode.every((d) => d.postalCode === '6160')).toBe(true);
    const both = (await search('smith fremantle')).json<DoctorSearchResult[]>();
    expect(both.every((d) => d.name.endsWith('Smith') && d.suburb === 'Fremantle')).toBe(true);
    expect((await search('zzzz')).json()).toEqual([]);
  });

  it('matches any part of a name, suburb or provider number word, not only word starts (issue 16)', async () => {
    const { rows } = await db.query<{ id: string; name: string; p: string; suburb: string }>(
      `SELECT id, name, provider_number AS p, suburb FROM doctors
       WHERE length(split_part(name, ' ', 3)) >= 6 ORDER BY id LIMIT 1`,
    );
    const doctor = rows[0]!;
    const surname = doctor.name.split(' ').at(-1)!;
    const inner = surname.slice(2, 6).toUpperCase(); // neither its start nor its end
    const bySurname = (await search(inner)).json<DoctorSearchResult[]>();
    expect(bySurname.length).toBeGreaterThan(0);
    for (const found of bySurname)
      expect(Object.values(found).join(' ').toLowerCase()).toContain(inner.toLowerCase());
    const byNumber = (await search(doctor.p.slice(2, 7))).json<DoctorSearchResult[]>();
    expect(byNumber.map((d) => d.id)).toContain(doctor.id);
    const bySuburb = (await search(doctor.suburb.slice(2, 7))).json<DoctorSearchResult[]>();
    expect(bySuburb.length).toBeGreaterThan(0);
    const both = (await search(`${surname.slice(1, 5)} ${doctor.p.slice(3, 8)}`)).json<
      DoctorSearchResult[]
    >();
    expect(both.map((d) => d.id)).toEqual([doctor.id]);
  });

  it('ranks surname starts, then word starts, before words that only contain the term', async () => {
    const results = (await search('son')).json<DoctorSearchResult[]>();
    const words = (d: DoctorSearchResult) =>
      `${d.name.replace(/^Dr /, '')} ${d.practice} ${d.suburb}`.toLowerCase().split(/\s+/);
    const rank = (d: DoctorSearchResult) =>
      (d.name.split(' ').at(-1) ?? '').toLowerCase().startsWith('son')
        ? 2
        : words(d).some((w) => w.startsWith('son'))
          ? 1
          : 0;
    const ranks = results.map(rank);
    expect(ranks).toContain(0);
    expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
  });

  it('finds the candidates through the suffix index, on PGlite and PostgreSQL', async () => {
    await db.query('ANALYZE doctor_search_terms');
    const { rows } = await db.query<Record<string, string>>(
      `EXPLAIN SELECT doctor_id FROM doctor_search_terms WHERE word LIKE 'mit%' ESCAPE '\\'`,
    );
    const plan = rows.map((row) => Object.values(row).join(' ')).join('\n');
    expect(plan).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it('migration 034 turns a directory written word by word into a searchable one', async () => {
    const sql = await readFile(
      new URL('../db/migrations/034_search_substrings_code_budgets.sql', import.meta.url),
      'utf8',
    );
    const { rows } = await db.query<{ p: string }>(
      `SELECT provider_number AS p FROM doctors WHERE id = 'dr-0002'`,
    );
    const number = rows[0]!.p;
    // As migration 032 wrote it: whole words, no provider number.
    await db.query(
      `UPDATE doctors SET search = replace(search, ' ' || lower($1), '') WHERE id = 'dr-0002'`,
      [number],
    );
    await db.query(`DELETE FROM doctor_search_terms WHERE doctor_id = 'dr-0002'`);
    await db.query(
      `INSERT INTO doctor_search_terms (word, doctor_id)
       SELECT DISTINCT w, 'dr-0002' FROM doctors, regexp_split_to_table(search, ' ') AS w
       WHERE id = 'dr-0002'`,
    );
    // The database path (the route holds a copy of the directory in memory: doctor-directory.ts).
    const ids = async () =>
      (await searchDoctors(db, number.slice(1, 6).toLowerCase(), 20)).map((d) => d.id);
    expect(await ids()).not.toContain('dr-0002');
    await db.exec(sql);
    expect(await ids()).toContain('dr-0002');
  });

  it('treats LIKE wildcards in the term as text', async () => {
    expect((await search('%%%')).json()).toEqual([]);
    expect((await search('s_i')).json()).toEqual([]);
  });

  it("refuses another booking's session and answers 401 without one", async () => {
    expect((await search('smi', other.cookies)).statusCode).toBe(403);
    expect((await search('smi', cookies, other.slug)).statusCode).toBe(403);
    expect((await search('smi', {})).statusCode).toBe(401);
    expect((await search('smi', other.cookies, other.slug)).statusCode).toBe(200);
  });
});

describe('DOCTOR_SEARCH_URL: the provider search service (R-7-calls-19)', () => {
  let server: Server;
  let url: string;
  let answer: (term: string) => { status: number; body: string } = () => ({
    status: 200,
    body: '[]',
  });
  const asked: string[] = [];
  let external: FastifyInstance;
  let broken: FastifyInstance;

  beforeAll(async () => {
    server = createServer((request, response) => {
      const term = decodeURIComponent((request.url ?? '').split('/').pop() ?? '');
      asked.push(term);
      const { status, body } = answer(term);
      response.writeHead(status, { 'content-type': 'application/json' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/doctors`;
    external = await testApp(db, { doctorSearchUrl: url });
    broken = await testApp(db, { doctorSearchUrl: 'http://127.0.0.1:9/none' });
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await external.close();
    await broken.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const doctor = (id: string): DoctorSearchResult => ({
    id,
    name: `Dr Ext ${id}`,
    providerNumber: '2429581T',
    practice: 'Ext Practice',
    suburb: 'Perth',
    postalCode: '6000',
    state: 'WA',
  });
  const ask = (instance: FastifyInstance, term: string) =>
    instance.inject({
      method: 'GET',
      url: `/api/secured/appointments/${slug}/doctor_search?term=${encodeURIComponent(term)}`,
      cookies,
    });

  it('asks {searchUrl}/{term} with the lower-cased term and answers its doctors, distinct, at most 20', async () => {
    answer = () => ({
      status: 200,
      body: JSON.stringify([
        doctor('a'),
        doctor('a'),
        ...Array.from({ length: 30 }, (_, i) => doctor(`x${i}`)),
      ]),
    });
    const res = await ask(external, '  Jane Cit ');
    expect(res.statusCode).toBe(200);
    expect(asked.at(-1)).toBe('jane cit');
    const results = res.json<DoctorSearchResult[]>();
    expect(results).toHaveLength(20);
    expect(results.filter((d) => d.id === 'a')).toHaveLength(1);
  });

  it('answers 502 message.doctor_search_unavailable when the service fails, answers another shape, or is down', async () => {
    answer = () => ({ status: 500, body: '{}' });
    let res = await ask(external, 'jane');
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('message.doctor_search_unavailable');
    answer = () => ({ status: 200, body: JSON.stringify([{ id: 1, name: 'x' }]) });
    res = await ask(external, 'jane');
    expect(res.statusCode).toBe(502);
    res = await ask(broken, 'jane');
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('message.doctor_search_unavailable');
  });

  it('still refuses a short term without asking the service', async () => {
    const before = asked.length;
    expect((await ask(external, 'ja')).statusCode).toBe(400);
    expect(asked.length).toBe(before);
  });
});
