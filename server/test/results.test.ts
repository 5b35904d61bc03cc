// @vitest-environment node
// Issue 17 part 6: a patient's results (R-1-19, R-2.4-33, R-7-calls-44, R-7-calls-46).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readViewerParams } from '../../src/domain/imaging/viewer-url.js';
import type { Db } from '../db/db.js';
import { latestImagingAudit } from '../db/imaging-audit.repo.js';
import { closeTestApp, openTestApp, patientCookies, SETUP_TIMEOUT } from './helpers.js';
import { CT, DX_WAITING, NO_IMAGES, US_EXPIRED } from './imaging-helpers.js';
import type { PainScoresResponse } from '../../src/contract/imaging.js';
import type { Answers, QuestionnaireJson } from '../../src/contract/questionnaire.js';
import { seedStudies } from '../db/seed-imaging-data.js';
import { painScoreOf } from '../services/questionnaire-answers.js';

let db: Db;
let app: FastifyInstance;
let now = new Date();

beforeAll(async () => {
  ({ db, app } = await openTestApp('results', {}, { clock: () => now }));
}, SETUP_TIMEOUT);
afterAll(() => closeTestApp(app, db));

/** A session of the study's appointment (a fresh booking key from the development route). */
async function patientOf(accessionNumber: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/dev/imaging/patient_key',
    payload: { accessionNumber },
  });
  const { bookingKey, slug } = res.json() as { bookingKey: string; slug: string };
  const cookies = await patientCookies(app, bookingKey);
  const get = (path: string) =>
    app.inject({ method: 'GET', url: `/api/secured/appointments/${slug}/${path}`, cookies });
  return { slug, cookies, get };
}

/** The appointment's scan (start and end, ms). */
async function scanOf(slug: string) {
  const { rows } = await db.query<{ start: Date; end: Date }>(
    'SELECT lower(during) AS start, upper(during) AS "end" FROM appointments WHERE slug = $1',
    [slug],
  );
  return { start: new Date(rows[0]!.start).getTime(), end: new Date(rows[0]!.end).getTime() };
}

describe('released results', () => {
  it('shows the report once released (R-1-19)', async () => {
    const ct = await patientOf(CT);
    const access = (await ct.get('results_access')).json();
    expect(access).toMatchObject({
      state: 'RELEASED',
      authenticationType: 'APPOINTMENT_RESULTS',
      releaseAfterDays: 7,
    });
    const res = await ct.get('reports');
    expect(res.headers['cache-control']).toBe('no-store');
    const [report] = res.json().reports;
    expect(report).toMatchObject({
      accessionNumber: CT,
      modality: 'CT',
      reportStatus: 'FINAL',
      radiologistName: 'Dr James Whitfield, FRANZCR',
    });
    expect(report.findings).toContain('segment VI');
  });

  it('offers the report as a PDF whose cross-reference table points at its objects', async () => {
    const ct = await patientOf(CT);
    const res = await ct.get(`reports/${CT}/pdf`);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="report-${CT}.pdf"`);
    const pdf = res.rawPayload.toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    const xref = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((offset, i) =>
      expect(pdf.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true),
    );
    expect(pdf).toContain('(1. Cholelithiasis without CT evidence of acute cholecystitis.) Tj');
    expect((await ct.get('reports/HI-0000/pdf')).statusCode).toBe(404);
  });

  it('gives the image viewer URL with a viewer token, and the import-ready status', async () => {
    const ct = await patientOf(CT);
    const { url } = (await ct.get('image_viewer')).json();
    const { search, hash } = new URL(url);
    expect(search).toBe('');
    expect(readViewerParams(search, hash)?.token).toMatch(/\./);
    expect((await ct.get('import_ready')).json()).toEqual({
      importReady: true,
      imagesAvailable: true,
      reportAvailable: true,
    });
  });

  it('R-1-19: lists the pain scores the seed stored, before the scan and after it', async () => {
    const ct = await patientOf(CT);
    const seeded = seedStudies.find((study) => study.accessionNumber === CT)!.painScores!;
    const { painScores } = (await ct.get('pain_score')).json() as PainScoresResponse;
    expect(painScores.map(({ type, score }) => ({ type, score }))).toEqual([
      { type: 'PAIN_SCORE_INITIAL', score: seeded.initial },
      { type: 'PAIN_SCORE_FINAL', score: seeded.final },
    ]);
    // Recorded at check-in before the scan and after it.
    const scan = await scanOf(ct.slug);
    expect(Date.parse(painScores[0]!.recordedAt)).toBeLessThan(scan.start);
    expect(Date.parse(painScores[1]!.recordedAt)).toBeGreaterThan(scan.end);
    // Each is the rating of the answer stored for the provider's pain-score questionnaire.
    const { rows } = await db.query<{
      definition: QuestionnaireJson;
      result: Answers;
      score: number;
    }>(
      `SELECT q.definition, x.questionnaire_result AS result, x.pain_score AS score
       FROM questionnaire_answers x JOIN questionnaires q ON q.id = x.questionnaire_id
       JOIN appointments a ON a.id = x.appointment_id
       WHERE a.slug = $1 AND x.kind = 'PAIN_SCORE' ORDER BY x.created_at`,
      [ct.slug],
    );
    expect(rows.map((row) => painScoreOf(row.definition, row.result))).toEqual(
      painScores.map((score) => score.score),
    );
  });

  it('a pain score the patient saves is listed with the others', async () => {
    const dx = await patientOf(DX_WAITING);
    expect((await dx.get('pain_score')).json()).toEqual({ painScores: [] });
    const { rows } = await db.query<{ id: number }>(
      "SELECT id FROM questionnaires WHERE type = 'PAIN_SCORE_FINAL' AND active",
    );
    const saved = await app.inject({
      method: 'POST',
      url: `/api/secured/appointments/${dx.slug}/pain_score`,
      cookies: dx.cookies,
      payload: { questionnaireId: rows[0]!.id, questionnaireResult: { painScore: 2 } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { painScores } = (await dx.get('pain_score')).json() as PainScoresResponse;
    expect(painScores).toEqual([
      { type: 'PAIN_SCORE_FINAL', score: 2, recordedAt: now.toISOString() },
    ]);
  });
});

describe('before and after release', () => {
  it('results not yet released: WAITING with availableFrom, 403 message.results_not_released', async () => {
    const dx = await patientOf(DX_WAITING);
    const access = (await dx.get('results_access')).json();
    expect(access.state).toBe('WAITING');
    expect(Date.parse(access.availableFrom)).toBeGreaterThan(now.getTime());
    const res = await dx.get('reports');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('message.results_not_released');
    expect((await dx.get('image_viewer')).statusCode).toBe(403);
    const [row] = await latestImagingAudit(db, 1);
    expect(row).toMatchObject({
      action: 'image_viewer_url',
      actorKind: 'patient',
      outcome: 'refused',
      status: 403,
    });
  });

  it('the release job releases them on their day, once, with the results-ready e-mail', async () => {
    const dx = await patientOf(DX_WAITING);
    const { availableFrom } = (await dx.get('results_access')).json();
    const saved = now;
    try {
      now = new Date(Date.parse(availableFrom) - 1);
      const early = await app.inject({ method: 'POST', url: '/api/dev/imaging/release/run' });
      expect(early.json().released).toBe(0);
      now = new Date(Date.parse(availableFrom));
      expect(
        (await app.inject({ method: 'POST', url: '/api/dev/imaging/release/run' })).json().released,
      ).toBe(1);
      expect(
        (await app.inject({ method: 'POST', url: '/api/dev/imaging/release/run' })).json().released,
      ).toBe(0);
      expect((await dx.get('reports')).statusCode).toBe(200);
      const { rows } = await db.query(`SELECT recipient FROM outbox WHERE topic = 'results_ready'`);
      expect(rows).toEqual([{ recipient: 'sophie.williams@example.com' }]);
    } finally {
      now = saved;
    }
  });

  it('R-4-deny-09: after the access period: EXPIRED with resultsExpired, 410 message.results_expired', async () => {
    const us = await patientOf(US_EXPIRED);
    expect((await us.get('results_access')).json()).toMatchObject({
      state: 'EXPIRED',
      resultsExpired: true,
    });
    const res = await us.get('reports');
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe('message.results_expired');
    const [row] = await latestImagingAudit(db, 1);
    expect(row).toMatchObject({
      action: 'reports',
      outcome: 'refused',
      status: 410,
      accessionNumber: US_EXPIRED,
    });
  });

  it('a preliminary report without images: NOT_READY, images not available', async () => {
    const knee = await patientOf(NO_IMAGES);
    expect((await knee.get('results_access')).json().state).toBe('NOT_READY');
    expect((await knee.get('import_ready')).json()).toEqual({
      importReady: false,
      imagesAvailable: false,
      reportAvailable: false,
    });
  });
});

describe('access', () => {
  it('needs a session (401) of this booking (403 for another), and audits the refusal', async () => {
    const ct = await patientOf(CT);
    const anonymous = await app.inject({
      method: 'GET',
      url: `/api/secured/appointments/${ct.slug}/reports`,
    });
    expect(anonymous.statusCode).toBe(401);
    const other = await patientOf(US_EXPIRED);
    const foreign = await app.inject({
      method: 'GET',
      url: `/api/secured/appointments/${ct.slug}/reports`,
      cookies: other.cookies,
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('message.forbidden');
    const [row] = await latestImagingAudit(db, 1);
    expect(row).toMatchObject({
      action: 'reports',
      actorKind: 'patient',
      outcome: 'refused',
      status: 403,
    });
    expect(Date.now() - Date.parse(row!.at)).toBeLessThan(60_000);
  });

  it('answers 400 with a message key for a malformed accession number', async () => {
    const ct = await patientOf(CT);
    const res = await ct.get('reports/%20x/pdf');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('message.bad_request');
  });
});
