// @vitest-environment node
// Issue 17 tried as an attacker would: a patient's results (R-1-19, R-6-08) and image links
// (R-1-03, R-4-status-02), with only what an e-mail link or the browser reveals.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_IMAGING } from '../config-imaging.js';
import type { Db } from '../db/db.js';
import { latestImagingAudit } from '../db/imaging-audit.repo.js';
import { secretHash } from '../db/secrets.js';
import { addressBlock } from '../http/rate-limit.js';
import {
  closeTestApp,
  openTestApp,
  patientCookies,
  SETUP_TIMEOUT,
  startEarlyInMinute,
  testApp,
} from './helpers.js';
import { CT, DX_WAITING, seededStudy, staffCookies, US_EXPIRED } from './imaging-helpers.js';

let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  ({ db, app } = await openTestApp('imaging_attack_results', {
    imaging: { ...DEFAULT_IMAGING, lookupRateLimit: { max: 1000, windowSeconds: 60 } },
  }));
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
  return { slug, cookies: await patientCookies(app, bookingKey) };
}
const read = (slug: string, path: string, cookies: Record<string, string> = {}, origin?: string) =>
  app.inject({
    method: 'GET',
    url: `/api/secured/appointments/${slug}/${path}`,
    cookies,
    headers: origin ? { origin } : {},
  });

describe("another patient's results (R-6-08, issue 17 part 7)", () => {
  it("a session of another booking gets 403, audited with that session's booking as reader and the study asked for", async () => {
    const victim = await patientOf(CT);
    const attacker = await patientOf(US_EXPIRED);
    for (const path of ['reports', `reports/${CT}/pdf`, 'image_viewer', 'results_access']) {
      const res = await read(victim.slug, path, attacker.cookies);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().message, path).toBe('message.forbidden');
      expect(res.body, path).not.toContain('Chen');
      const [row] = await latestImagingAudit(db, 1);
      expect(row, path).toMatchObject({
        actorKind: 'patient',
        actor: `appointment:${attacker.slug}`,
        accessionNumber: CT,
        outcome: 'refused',
        status: 403,
      });
    }
  });

  it('without a session: 401, audited as anonymous with the study asked for', async () => {
    const victim = await patientOf(CT);
    expect((await read(victim.slug, 'reports')).statusCode).toBe(401);
    const [row] = await latestImagingAudit(db, 1);
    expect(row).toMatchObject({
      actorKind: 'anonymous',
      actor: null,
      action: 'reports',
      accessionNumber: CT,
      outcome: 'refused',
      status: 401,
    });
  });

  it('a staff session is no patient: 403, audited under the staff name', async () => {
    const victim = await patientOf(CT);
    const staff = await staffCookies(app);
    expect((await read(victim.slug, 'reports', staff)).statusCode).toBe(403);
    const [row] = await latestImagingAudit(db, 1);
    expect(row).toMatchObject({ actorKind: 'staff', actor: 'r.hughes', accessionNumber: CT });
  });

  it('the PDF before release: 403 message.results_not_released, audited with its study', async () => {
    const dx = await patientOf(DX_WAITING);
    const res = await read(dx.slug, `reports/${DX_WAITING}/pdf`, dx.cookies);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('message.results_not_released');
    const [row] = await latestImagingAudit(db, 1);
    expect(row).toMatchObject({
      action: 'report_pdf',
      actor: `appointment:${dx.slug}`,
      accessionNumber: DX_WAITING,
      outcome: 'refused',
    });
  });
});

describe('R-1-19, R-6-08: headers and other origins', () => {
  it("every answer with health data, the patient's and the referrer's, is no-store, nosniff and no-referrer; the PDF an attachment", async () => {
    const ct = await patientOf(CT);
    for (const path of ['reports', `reports/${CT}/pdf`, 'image_viewer', 'results_access']) {
      const res = await read(ct.slug, path, ct.cookies);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-store');
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
      expect(res.headers['referrer-policy'], path).toBe('no-referrer');
    }
    const pdf = await read(ct.slug, `reports/${CT}/pdf`, ct.cookies);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment;/);
    // The referrer's side: the quick report, the link's answer and its token.
    const made = await app.inject({
      method: 'POST',
      url: '/api/dev/imaging/image_link',
      payload: { accessionNumber: CT },
    });
    const input = (made.json() as { imsec: string }).imsec;
    for (const [method, path] of [
      ['GET', '/api/image_viewer'],
      ['GET', '/api/image_viewer/report'],
      ['POST', '/api/image_viewer/token'],
    ] as const) {
      const res = await app.inject({ method, url: `${path}?input=${input}` });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-store');
      expect(res.headers['referrer-policy'], path).toBe('no-referrer');
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
    }
  });

  it("a page on an unlisted origin gets no CORS grant to read the report with the patient's cookies", async () => {
    const ct = await patientOf(CT);
    const evil = await read(ct.slug, 'reports', ct.cookies, 'https://evil.example');
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    expect(evil.headers['access-control-allow-credentials']).toBeUndefined();
    const clinic = await read(ct.slug, 'reports', ct.cookies, 'https://clinic.example.org');
    expect(clinic.headers['access-control-allow-origin']).toBe('https://clinic.example.org');
    expect(clinic.headers['access-control-allow-credentials']).toBe('true');
  });
});

const strictApp = () =>
  testApp(db, { imaging: { ...DEFAULT_IMAGING, lookupRateLimit: { max: 5, windowSeconds: 60 } } });

describe('image link codes (R-1-03, R-4-status-02)', () => {
  async function link(accessionNumber: string, expired = false) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/dev/imaging/image_link',
      payload: { accessionNumber, expired },
    });
    return (res.json() as { imsec: string }).imsec;
  }
  const lookup = (input: string, path = '') =>
    app.inject({
      method: 'GET',
      url: `/api/image_viewer${path}?input=${encodeURIComponent(input)}`,
    });

  it("a code changed in case, cut or lengthened, or a patient's booking key answers exactly as an expired code, on every lookup", async () => {
    const live = await link(CT);
    const expired = await link(CT, true);
    const answer = (await lookup(expired)).body;
    const flipped = live.replace(/[a-z]/, (c) => c.toUpperCase());
    // A patient's booking key is no image link either (a viewer token is too long: 400).
    const patient = await app.inject({
      method: 'POST',
      url: '/api/dev/imaging/patient_key',
      payload: { accessionNumber: CT },
    });
    const { bookingKey } = patient.json() as { bookingKey: string };
    for (const guess of [flipped, live.slice(0, -1), `${live}A`, live.slice(0, 22), bookingKey]) {
      const res = await lookup(guess);
      expect(res.body).toBe(answer);
      expect(res.headers['cache-control']).toBe('no-store');
      expect((await lookup(guess, '/report')).body).toBe((await lookup(expired, '/report')).body);
    }
    expect(JSON.parse(answer)).toMatchObject({ imageViewerLinkStatus: 'EXPIRED', url: null });
  });

  it('an expired code costs the server what an unknown one does: the same statements, so its timing tells no more than its answer', async () => {
    const statements: string[] = [];
    const counted = new Proxy(db, {
      get(target, name, receiver) {
        if (name !== 'query') return Reflect.get(target, name, receiver) as unknown;
        return (text: string, params?: unknown[]) => {
          statements.push(text.trim().split(/\s+/).slice(0, 3).join(' '));
          return target.query(text, params);
        };
      },
    });
    const spy = await testApp(counted, {
      imaging: { ...DEFAULT_IMAGING, lookupRateLimit: { max: 1000, windowSeconds: 60 } },
    });
    try {
      const expired = await link(CT, true);
      const cost = async (code: string) => {
        statements.length = 0;
        const res = await spy.inject({ method: 'GET', url: `/api/image_viewer?input=${code}` });
        expect(res.json().imageViewerLinkStatus).toBe('EXPIRED');
        return [...statements];
      };
      await cost('W'.repeat(32));
      expect(await cost(expired)).toEqual(await cost('Z'.repeat(expired.length)));
      const [row] = await latestImagingAudit(db, 1);
      expect(row).toMatchObject({ accessionNumber: null, outcome: 'refused' });
      await cost(expired);
      expect((await latestImagingAudit(db, 1))[0]).toMatchObject({ accessionNumber: CT });
    } finally {
      await spy.close();
    }
  });

  it('twenty concurrent openings of a link release the results once, with one results-ready message', async () => {
    const code = await link(DX_WAITING);
    const answers = await Promise.all(Array.from({ length: 20 }, () => lookup(code)));
    expect(answers.map((a) => a.json().imageViewerLinkStatus)).toEqual(Array(20).fill('ACTIVE'));
    const { rows } = await db.query(`SELECT 1 FROM outbox WHERE topic = 'results_ready'`);
    expect(rows).toHaveLength(1);
    const study = await seededStudy(db, DX_WAITING);
    const opened = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM imaging_audit WHERE study_id = $1 AND action = 'image_link'`,
      [study.id],
    );
    expect(opened.rows[0]!.n).toBe(20);
    const stored = await db.query(`SELECT 1 FROM image_links WHERE code_hash = $1`, [code]);
    expect(stored.rows).toHaveLength(0);
    expect(
      (await db.query(`SELECT 1 FROM image_links WHERE code_hash = $1`, [secretHash(code)])).rows,
    ).toHaveLength(1);
  });

  it('concurrent guesses beyond the limit are refused: the counter holds under a burst', async () => {
    const strict = await strictApp();
    try {
      await startEarlyInMinute();
      const burst = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          strict.inject({
            method: 'GET',
            url: `/api/image_viewer${i % 2 ? '/report' : ''}?input=${String(i).padStart(32, 'G')}`,
            remoteAddress: '10.7.7.7',
          }),
        ),
      );
      const codes = burst.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 429)).toHaveLength(7);
      const rows = (await latestImagingAudit(db, 12)).filter((r) => r.status === 429);
      expect(rows).toHaveLength(7);
      for (const row of rows)
        expect(row).toMatchObject({ outcome: 'refused', clientAddress: '10.7.7.7' });
    } finally {
      await strict.close();
    }
  });

  it('a guesser rotating through the addresses of its IPv6 /64 shares one budget', async () => {
    const strict = await strictApp();
    try {
      await startEarlyInMinute();
      const guess = (remoteAddress: string) =>
        strict
          .inject({
            method: 'GET',
            url: `/api/image_viewer?input=${'H'.repeat(32)}`,
            remoteAddress,
          })
          .then((res) => res.statusCode);
      const codes = [];
      for (let i = 1; i <= 6; i++) codes.push(await guess(`2001:db8:5:6::${i.toString(16)}`));
      expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
      expect(await guess('2001:db8:5:6:ffff:1:2:3')).toBe(429);
      expect(await guess('2001:db8:5:7::1')).toBe(200);
      expect(addressBlock('::ffff:10.1.2.3')).toBe('10.1.2.3');
      expect(addressBlock('2001:DB8::1')).toBe(addressBlock('2001:db8:0:0:9::1'));
    } finally {
      await strict.close();
    }
  });
});
