// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type {
  BookingClinic,
  Exam,
  ExamGroup,
  PostCodeLocation,
  WalkInExam,
} from '../../src/contract/booking.js';
import type { Db } from '../db/db.js';
import { writeSetting } from '../db/settings.repo.js';
import { providerConfig } from '../db/seed-data.js';
import { clinicId, clock } from './booking-helpers.js';
import { SETUP_TIMEOUT, openTestApp, closeTestApp } from './helpers.js';

let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  ({ db, app } = await openTestApp('booking_lookups', {}, { clock }));
}, SETUP_TIMEOUT);

afterAll(() => closeTestApp(app, db));

const get = (url: string) => app.inject({ method: 'GET', url });

describe('GET /api/booking/clinics/by_ids and /clinics/:clinicId/exams', () => {
  it('R-7-calls-32 answers clinics in the order asked, unknown ids left out', async () => {
    const [perth, sydney] = [await clinicId(db, 'perth-cbd'), await clinicId(db, 'sydney-cbd')];
    const res = await get(`/api/booking/clinics/by_ids?ids=${perth},999999,${sydney},${perth}`);
    expect(res.statusCode).toBe(200);
    const clinics = res.json<BookingClinic[]>();
    expect(clinics.map((c) => c.slug)).toEqual(['perth-cbd', 'sydney-cbd']);
    expect(clinics[0]).toMatchObject({ timeZone: 'Australia/Perth', distanceKm: null });
    for (const bad of ['', 'a', '1,,2', '0', '-1', '1,2,'])
      expect((await get(`/api/booking/clinics/by_ids?ids=${bad}`)).statusCode, bad).toBe(400);
  });

  it('R-7-calls-37 lists the exams a clinic offers by priority; 404 for an unknown clinic', async () => {
    const bondi = await clinicId(db, 'bondi-junction');
    const res = await get(`/api/booking/clinics/${bondi}/exams`);
    expect(res.statusCode).toBe(200);
    const exams = res.json<Exam[]>();
    // X-ray, ultrasound and mammography only.
    expect(new Set(exams.map((e) => e.modalityName))).toEqual(
      new Set(['X-Ray', 'Ultrasound', 'Mammography']),
    );
    const priorities = exams.map((e) => e.priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
    const missing = await get('/api/booking/clinics/999999/exams');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'message.clinic_not_found' });
    expect((await get('/api/booking/clinics/abc/exams')).statusCode).toBe(400);
  });
});

describe('GET /api/booking/code_from_location', () => {
  it('R-7-calls-32 answers the nearest known post code by great-circle distance', async () => {
    // Bondi Beach, Fremantle Markets, Ponsonby Road, Wollongong station.
    const cases: [string, string, string][] = [
      ['-33.8908', '151.2743', '2026'],
      ['-32.0570', '115.7485', '6160'],
      ['-36.8560', '174.7460', '1011'],
      ['-34.4261', '150.8930', '2500'],
    ];
    for (const [latitude, longitude, code] of cases) {
      const res = await get(
        `/api/booking/code_from_location?latitude=${latitude}&longitude=${longitude}`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json<PostCodeLocation>().code, code).toBe(code);
    }
  });

  it('answers 400 for missing or impossible coordinates', async () => {
    for (const query of [
      '',
      'latitude=-33.9',
      'longitude=151',
      'latitude=-91&longitude=151',
      'latitude=-33&longitude=181',
      'latitude=x&longitude=151',
    ]) {
      expect((await get(`/api/booking/code_from_location?${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('GET /api/booking/group_exams and /enquiry_exams', () => {
  it('R-7-calls-37 answers the clinics that offer every exam of the group', async () => {
    const res = await get('/api/booking/group_exams?examSlugs=mri-knee,mammogram-screening');
    expect(res.statusCode).toBe(200);
    const group = res.json<ExamGroup>();
    expect(group.examSlugs).toEqual(['mri-knee', 'mammogram-screening']);
    const slugs = await Promise.all(
      ['sydney-cbd', 'north-sydney', 'perth-cbd', 'auckland-cbd'].map((s) => clinicId(db, s)),
    );
    expect(group.clinicIds).toEqual([...slugs].sort((a, b) => a - b));
    const one = (await get('/api/booking/group_exams?examSlugs=xray-chest')).json<ExamGroup>();
    expect(one.clinicIds).toHaveLength(11);
    const unknown = await get('/api/booking/group_exams?examSlugs=mri-knee,mri-toe');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'message.exam_not_found' });
    expect((await get('/api/booking/group_exams?examSlugs=')).statusCode).toBe(400);
  });

  it('R-7-calls-38 lists the enquiry-only exams', async () => {
    const exams = (await get('/api/booking/enquiry_exams')).json<Exam[]>();
    expect(exams.length).toBeGreaterThanOrEqual(5);
    expect(exams.every((e) => e.enquiryOnly)).toBe(true);
    expect(exams.map((e) => e.slug)).toContain('ct-coronary-angiogram');
  });
});

describe('GET /api/booking/walk_in_exams', () => {
  it('R-3-39 R-7-calls-37 lists the walk-in exams of a clinic', async () => {
    const sydney = await clinicId(db, 'sydney-cbd');
    const res = await get(`/api/booking/walk_in_exams?clinicId=${sydney}`);
    expect(res.statusCode).toBe(200);
    const walkIns = res.json<WalkInExam[]>();
    expect(walkIns).toContainEqual({
      name: 'Chest X-ray walk-in',
      prepTime: 0,
      minutesPrior: 30,
      modalityId: expect.any(Number),
      clinicId: sydney,
    });
    expect(walkIns.every((w) => w.prepTime >= 0 && w.prepTime <= 15)).toBe(true);
    const all = (await get('/api/booking/walk_in_exams')).json<WalkInExam[]>();
    expect(new Set(all.map((w) => w.clinicId)).size).toBeGreaterThanOrEqual(4);
    expect((await get('/api/booking/walk_in_exams?clinicId=999999')).json()).toEqual([]);
    expect((await get('/api/booking/walk_in_exams?clinicId=x')).statusCode).toBe(400);
  });

  it('answers [] when bookingForm.walkInEnabled is off', async () => {
    const on = providerConfig.bookingForm;
    expect(on.walkInEnabled).toBe(true);
    await writeSetting(db, 'bookingForm', { ...on, walkInEnabled: false });
    try {
      expect((await get('/api/booking/walk_in_exams')).json()).toEqual([]);
    } finally {
      await writeSetting(db, 'bookingForm', on);
    }
    expect((await get('/api/booking/walk_in_exams')).json<unknown[]>().length).toBeGreaterThan(0);
  });
});
