// @vitest-environment node
// The referrer's report quality feedback: GET and POST /api/image_viewer_link/questionnaires
// (spec 2.3, 4 "Feedback", 7; R-7-calls-23, R-7-calls-24, R-2.4-19).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_IMAGING } from '../config-imaging.js';
import type { Db } from '../db/db.js';
import { latestImagingAudit } from '../db/imaging-audit.repo.js';
import { readSetting, writeSetting } from '../db/settings.repo.js';
import { closeTestApp, openTestApp, SETUP_TIMEOUT } from './helpers.js';
import {
  CT,
  DX_WAITING,
  imageLinkOf,
  MR,
  NO_IMAGES,
  seededStudy,
  staffCookies,
  US_EXPIRED,
} from './imaging-helpers.js';

let db: Db;
let app: FastifyInstance;
let staff: Record<string, string>;
const PATH = '/api/image_viewer_link/questionnaires';

beforeAll(async () => {
  ({ db, app } = await openTestApp('referrer_feedback', {
    imaging: { ...DEFAULT_IMAGING, lookupRateLimit: { max: 1000, windowSeconds: 60 } },
  }));
  staff = await staffCookies(app);
}, SETUP_TIMEOUT);
afterAll(() => closeTestApp(app, db));

const linkOf = (accessionNumber: string, expired = false) =>
  imageLinkOf(app, accessionNumber, expired);

const ask = (query: string, cookies: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `${PATH}?${query}`, cookies });
const answer = (
  query: string,
  payload: Record<string, unknown>,
  cookies: Record<string, string> = {},
) => app.inject({ method: 'POST', url: `${PATH}?${query}`, payload, cookies });

/** A fitting answer to the seeded questionnaire. */
const GOOD = {
  usefulness: 4,
  clinicalQuestion: 'yes',
  timely: true,
  comments: 'Clear impression.',
};

describe('GET /api/image_viewer_link/questionnaires?imsec=', () => {
  it('R-7-calls-23: gives the report quality feedback questionnaire of an ACTIVE link, audited', async () => {
    const imsec = await linkOf(DX_WAITING);
    const res = await ask(`imsec=${imsec}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ questionnaireResult: null, title: 'Report quality feedback' });
    const { rows } = await db.query<{ type: string }>(
      'SELECT type FROM questionnaires WHERE id = $1',
      [body.questionnaireId],
    );
    expect(rows[0]?.type).toBe('REFERRER_REPORT_FEEDBACK');
    const names = body.questionnaire.json.pages.flatMap((p: { elements: { name: string }[] }) =>
      p.elements.map((e) => e.name),
    );
    expect(names).toContain('usefulness');
    const [row] = await latestImagingAudit(db, 1);
    expect(row).toMatchObject({
      action: 'referrer_feedback',
      actorKind: 'imsec',
      outcome: 'ok',
      accessionNumber: DX_WAITING,
    });
    expect(row!.actor).toMatch(/^link:\d+$/);
  });

  it('an unknown or expired link: 404 message.image_link_not_active, audited as refused', async () => {
    for (const imsec of ['C'.repeat(32), await linkOf(US_EXPIRED, true)]) {
      const res = await ask(`imsec=${imsec}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('message.image_link_not_active');
      const [row] = await latestImagingAudit(db, 1);
      expect(row).toMatchObject({ action: 'referrer_feedback', outcome: 'refused', status: 404 });
    }
  });

  it('needs exactly one of imsec and pacsAppointmentId (400 message.bad_request)', async () => {
    const imsec = await linkOf(CT);
    for (const query of ['', `imsec=${imsec}&pacsAppointmentId=${CT}`]) {
      const res = await ask(query);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('message.bad_request');
    }
  });

  it('spec 5: when the provider turns feedback off, 404 message.referrer_feedback_disabled', async () => {
    const application = (await readSetting(db, 'application')) as Record<string, unknown>;
    await writeSetting(db, 'application', {
      ...application,
      referrerReportQualityFeedbackEnabled: false,
    });
    try {
      const res = await ask(`imsec=${await linkOf(CT)}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('message.referrer_feedback_disabled');
    } finally {
      await writeSetting(db, 'application', application);
    }
  });
});

describe('POST /api/image_viewer_link/questionnaires (R-7-calls-24)', () => {
  it('stores the feedback once: then GET answers empty (204) for every link of the study, and a second answer 409', async () => {
    const imsec = await linkOf(CT);
    const { questionnaireId } = (await ask(`imsec=${imsec}`)).json();
    const saved = await answer(`imsec=${imsec}`, { questionnaireId, questionnaireResult: GOOD });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ questionnaireId, questionnaireResult: GOOD });
    const study = await seededStudy(db, CT);
    const { rows } = await db.query<{ result: unknown; givenBy: string }>(
      `SELECT questionnaire_result AS result, given_by AS "givenBy"
       FROM referrer_feedback_answers WHERE study_id = $1`,
      [study.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.result).toEqual(GOOD);
    expect(rows[0]!.givenBy).toMatch(/^link:\d+$/);

    const again = await ask(`imsec=${await linkOf(CT)}`);
    expect(again.statusCode).toBe(204);
    expect(again.body).toBe('');
    const twice = await answer(`imsec=${imsec}`, { questionnaireId, questionnaireResult: GOOD });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('message.feedback_already_provided');
    const [row] = await latestImagingAudit(db, 1);
    expect(row).toMatchObject({
      action: 'referrer_feedback_answer',
      outcome: 'refused',
      status: 409,
    });
  });

  it('refuses answers that do not fit (400 message.error_answering_questionnaire) and another type', async () => {
    const imsec = await linkOf(NO_IMAGES);
    const { questionnaireId } = (await ask(`imsec=${imsec}`)).json();
    const missing = await answer(`imsec=${imsec}`, {
      questionnaireId,
      questionnaireResult: { clinicalQuestion: 'maybe' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('message.error_answering_questionnaire');
    const { rows } = await db.query<{ id: number }>(
      "SELECT id FROM questionnaires WHERE type = 'FEEDBACK' LIMIT 1",
    );
    const patients = await answer(`imsec=${imsec}`, {
      questionnaireId: rows[0]!.id,
      questionnaireResult: { satisfaction: 5 },
    });
    expect(patients.statusCode).toBe(400);
    expect(patients.json().message).toBe('message.questionnaire_type_mismatch');
    // Nothing was stored: the questionnaire is still offered.
    expect((await ask(`imsec=${imsec}`)).statusCode).toBe(200);
  });
});

describe('?pacsAppointmentId= (the accession number, from the PACS)', () => {
  it('needs a logged-in staff member or doctor: 401 message.unauthorized otherwise', async () => {
    const res = await ask(`pacsAppointmentId=${MR}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('message.unauthorized');
    const [row] = await latestImagingAudit(db, 1);
    expect(row).toMatchObject({
      action: 'referrer_feedback',
      actorKind: 'anonymous',
      outcome: 'refused',
      accessionNumber: MR,
    });
  });

  it('with a staff session gives and stores the feedback of that study; unknown accession 404', async () => {
    const res = await ask(`pacsAppointmentId=${MR}`, staff);
    expect(res.statusCode, res.body).toBe(200);
    const { questionnaireId } = res.json();
    const saved = await answer(
      `pacsAppointmentId=${MR}`,
      { questionnaireId, questionnaireResult: { usefulness: 2, clinicalQuestion: 'partly' } },
      staff,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const { rows } = await db.query<{ givenBy: string }>(
      `SELECT given_by AS "givenBy" FROM referrer_feedback_answers
       WHERE study_id = $1`,
      [(await seededStudy(db, MR)).id],
    );
    expect(rows.map((row) => row.givenBy)).toEqual(['staff:r.hughes']);
    expect((await ask(`pacsAppointmentId=${MR}`, staff)).statusCode).toBe(204);
    expect((await ask('pacsAppointmentId=HI-0000', staff)).statusCode).toBe(404);
  });
});
