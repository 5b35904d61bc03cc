// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type {
  BodyPart,
  BookingClinic,
  Exam,
  Modality,
  PostCodeLocation,
  Region,
} from '../../src/contract/booking.js';
import type { Db } from '../db/db.js';
import { SETUP_TIMEOUT, openTestApp, closeTestApp } from './helpers.js';

let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  ({ db, app } = await openTestApp('booking_catalogue'));
}, SETUP_TIMEOUT);

afterAll(() => closeTestApp(app, db));

const get = (url: string) => app.inject({ method: 'GET', url });

describe('catalogue', () => {
  it('R-7-calls-33 lists modalities and body parts with their figure side', async () => {
    const modalities = (await get('/api/booking/modalities')).json<Modality[]>();
    expect(modalities.map((m) => m.slug)).toEqual([
      'mri',
      'ct',
      'x-ray',
      'ultrasound',
      'mammography',
      'nuclear-medicine',
    ]);
    const res = await get('/api/booking/body_parts');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const parts = res.json<BodyPart[]>();
    expect(parts).toContainEqual({ slug: 'spine', name: 'Spine', view: 'back' });
    expect(parts).toContainEqual({ slug: 'chest', name: 'Chest', view: 'front' });
    expect(parts.every((p) => ['front', 'back', 'both'].includes(p.view))).toBe(true);
  });

  it('R-3-37 R-7-calls-33 lists exams by priority, filtered by modality and body part', async () => {
    const all = (await get('/api/booking/exams')).json<Exam[]>();
    expect(all.length).toBe(28); // 27 + the wide-bore MRI knee a questionnaire outcome changes to
    expect(all.map((e) => e.priority)).toEqual(
      [...all.map((e) => e.priority)].sort((a, b) => a - b),
    );
    const mri = all.find((e) => e.slug === 'mri-knee');
    expect(mri).toMatchObject({
      name: 'MRI Knee',
      modalityName: 'MRI',
      examCode: 'MRKNE',
      bodyPart: 'knee',
      durationMinutes: 30,
      enquiryOnly: false,
      showBookingRequestInfoModal: false,
    });
    expect(Object.keys(mri ?? {})).not.toContain('id');
    expect(all.find((e) => e.slug === 'nm-bone-scan')?.enquiryOnly).toBe(true);

    const modalityId = mri?.modalityId;
    const filtered = (await get(`/api/booking/exams?modalityId=${modalityId}&bodyPart=knee`)).json<
      Exam[]
    >();
    expect(filtered.map((e) => e.slug)).toEqual(['mri-knee', 'mri-knee-wide-bore']);
    expect((await get('/api/booking/exams?bodyPart=nowhere')).json()).toEqual([]);
    expect((await get('/api/booking/exams?modalityId=abc')).statusCode).toBe(400);
  });

  it('R-7-calls-38 lists regions with centres', async () => {
    const regions = (await get('/api/booking/regions')).json<Region[]>();
    expect(regions.map((r) => r.slug).sort()).toEqual(['auckland', 'perth', 'sydney']);
    expect(regions.find((r) => r.slug === 'perth')).toMatchObject({ latitude: -31.9523 });
  });
});

describe('GET /api/booking/postal_code_location', () => {
  it('R-3-36 R-7-calls-37 answers the location of a known post code', async () => {
    const res = await get('/api/booking/postal_code_location?code=2060');
    expect(res.statusCode).toBe(200);
    const body = res.json<PostCodeLocation>();
    expect(body).toMatchObject({ code: '2060', country: 'AU', suburb: 'North Sydney' });
    expect(typeof body.id).toBe('number');
    expect(body.latitude).toBeCloseTo(-33.839, 2);
    const nz = (await get('/api/booking/postal_code_location?code=1010&country=NZ')).json();
    expect(nz).toMatchObject({ country: 'NZ', suburb: 'Auckland Central' });
  });

  it('seeds at least 40 post codes around Sydney, Perth and Auckland', async () => {
    const { rows } = await db.query<{ country: string; n: number }>(
      'SELECT country, count(*)::int AS n FROM postal_codes GROUP BY country ORDER BY country',
    );
    expect(rows.reduce((sum, row) => sum + row.n, 0)).toBeGreaterThanOrEqual(40);
    for (const code of ['2000', '2010', '2022', '2060', '2150', '2170', '6000', '6008', '6050'])
      expect((await get(`/api/booking/postal_code_location?code=${code}`)).statusCode).toBe(200);
  });

  it('answers 404 message.postcode_not_found for an unknown code and 400 for a malformed one', async () => {
    const missing = await get('/api/booking/postal_code_location?code=9999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'message.postcode_not_found' });
    for (const code of ['200', '20000', 'abcd', '']) {
      const res = await get(`/api/booking/postal_code_location?code=${code}`);
      expect(res.statusCode, code).toBe(400);
    }
    expect((await get('/api/booking/postal_code_location')).statusCode).toBe(400);
  });
});

describe('GET /api/booking/clinics', () => {
  it('R-1-12 R-4-slots-01 R-7-calls-32 lists clinics offering the exam, nearest first', async () => {
    // Parramatta station.
    const res = await get(
      '/api/booking/clinics?examSlug=mri-knee&latitude=-33.8173&longitude=151.0034',
    );
    expect(res.statusCode).toBe(200);
    const clinics = res.json<BookingClinic[]>();
    expect(clinics[0]).toMatchObject({
      slug: 'parramatta',
      regionSlug: 'sydney',
      timeZone: 'Australia/Sydney',
    });
    expect(clinics[0]?.distanceKm).toBeLessThan(1);
    const distances = clinics.map((c) => c.distanceKm ?? -1);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // MRI: not at Bondi Junction, Liverpool, Fremantle or Newmarket.
    expect(clinics.map((c) => c.slug).sort()).toEqual([
      'auckland-cbd',
      'chatswood',
      'joondalup',
      'north-sydney',
      'parramatta',
      'perth-cbd',
      'sydney-cbd',
    ]);
    expect(clinics.at(-1)?.slug).toMatch(/perth|joondalup/);
  });

  it('R-1-12 R-2.2-07 filters by region; select-region means no region; no location gives null distances', async () => {
    const perth = (await get('/api/booking/clinics?examSlug=xray-chest&regionSlug=perth')).json<
      BookingClinic[]
    >();
    expect(perth.map((c) => c.slug).sort()).toEqual(['fremantle', 'joondalup', 'perth-cbd']);
    expect(perth.every((c) => c.distanceKm === null && c.timeZone === 'Australia/Perth')).toBe(
      true,
    );
    const all = (await get('/api/booking/clinics?regionSlug=select-region')).json<
      BookingClinic[]
    >();
    expect(all).toHaveLength(11);
    expect((await get('/api/booking/clinics?regionSlug=atlantis')).json()).toEqual([]);
  });

  it('answers 404 for an unknown exam and 400 for half a location', async () => {
    const unknown = await get('/api/booking/clinics?examSlug=mri-toe');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'message.exam_not_found' });
    expect((await get('/api/booking/clinics?latitude=-33.8')).statusCode).toBe(400);
    expect((await get('/api/booking/clinics?latitude=-95&longitude=0')).statusCode).toBe(400);
  });
});
