// @vitest-environment node
// Issue 17 part 4: image links (imsec), GET /api/image_viewer and POST /api/image_viewer/generate.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readViewerParams } from '../../src/domain/imaging/viewer-url.js';
import { DEFAULT_IMAGING } from '../config-imaging.js';
import type { Db } from '../db/db.js';
import { latestImagingAudit } from '../db/imaging-audit.repo.js';
import { secretHash } from '../db/secrets.js';
import { writeSetting } from '../db/settings.repo.js';
import {
  closeTestApp,
  openTestApp,
  SETUP_TIMEOUT,
  startEarlyInMinute,
  testApp,
} from './helpers.js';
import { CT, DX_WAITING, MR, NO_IMAGES, seededStudy, staffCookies } from './imaging-helpers.js';

let db: Db;
let app: FastifyInstance;
let now = new Date();
let staff: Record<string, string>;

beforeAll(async () => {
  ({ db, app } = await openTestApp(
    'image_links',
    { imaging: { ...DEFAULT_IMAGING, lookupRateLimit: { max: 1000, windowSeconds: 60 } } },
    { clock: () => now },
  ));
  staff = await staffCookies(app);
}, SETUP_TIMEOUT);
afterAll(() => closeTestApp(app, db));

async function generate(accessionNumber: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/image_viewer/generate?accessionNumber=${accessionNumber}`,
    cookies: staff,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { imsec: string; expiresAt: string; quickReportUrl: string };
}
const lookup = (input: string, extra = '') =>
  app.inject({
    method: 'GET',
    url: `/api/image_viewer?input=${encodeURIComponent(input)}${extra}`,
  });

describe('POST /api/image_viewer/generate (R-7-calls-25)', () => {
  it('needs a logged-in staff member: 401 message.unauthorized otherwise, audited', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/image_viewer/generate?accessionNumber=${CT}`,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('message.unauthorized');
    const [row] = await latestImagingAudit(db, 1);
    expect(row).toMatchObject({ action: 'image_link_generate', outcome: 'refused', status: 401 });
  });

  it('makes an unguessable code (at least 128 bits) stored only as its hash', async () => {
    const link = await generate(CT);
    expect(link.imsec).toMatch(/^[A-Za-z0-9_-]{32}$/); // 24 random bytes: 192 bits
    expect(link.quickReportUrl).toContain(`/referrer/quick-report?imsec=${link.imsec}`);
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM image_links WHERE code_hash = $1 OR code_hash = $2',
      [link.imsec, secretHash(link.imsec)],
    );
    expect(rows[0]?.n).toBe(1);
    const stored = await db.query('SELECT 1 FROM image_links WHERE code_hash = $1', [link.imsec]);
    expect(stored.rows).toHaveLength(0);
  });

  it('answers 404 for an unknown accession and 400 with a message key for a malformed one', async () => {
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/image_viewer/generate?accessionNumber=HI-0000',
      cookies: staff,
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/image_viewer/generate?accessionNumber=%00x',
      cookies: staff,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('message.bad_request');
  });
});

describe('GET /api/image_viewer (R-7-calls-22, R-3-28)', () => {
  it('answers an ACTIVE link with the viewer url and a viewer token that reads the study', async () => {
    const { imsec } = await generate(CT);
    const res = await lookup(imsec);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([
      'imageViewerLinkStatus',
      'pacsUrl',
      'preference',
      'redirectUrl',
      'url',
    ]);
    expect(body).toMatchObject({
      imageViewerLinkStatus: 'ACTIVE',
      preference: 'VIEWER',
      pacsUrl: null,
    });
    const url = new URL(body.url);
    expect(url.pathname).toBe('/image-viewer');
    // The token in the fragment: never in a request line or a Referer (viewer-url.ts).
    expect(url.search).toBe('');
    const viewer = readViewerParams(url.search, url.hash);
    const ct = await seededStudy(db, CT);
    expect(viewer?.study).toBe(ct.studyInstanceUid);
    const qido = await app.inject({
      method: 'GET',
      url: '/api/dicomweb/studies',
      headers: { authorization: `Bearer ${viewer?.token}` },
    });
    expect(qido.json()).toHaveLength(1);
  });

  it('R-4-viewer-02: a referrer who prefers their PACS gets preference PACS and pacsUrl', async () => {
    const { imsec } = await generate(MR);
    expect((await lookup(imsec)).json()).toMatchObject({
      imageViewerLinkStatus: 'ACTIVE',
      preference: 'PACS',
      pacsUrl: 'https://pacs.northshore-ortho.example/viewer',
    });
  });

  it('R-4-viewer-03: a study without images answers url null (images not available)', async () => {
    const { imsec } = await generate(NO_IMAGES);
    expect((await lookup(imsec)).json()).toMatchObject({
      imageViewerLinkStatus: 'ACTIVE',
      url: null,
    });
  });

  it('R-4-viewer-01: a link is EXPIRED from its expiry on, with the redirectUrl; ACTIVE just before', async () => {
    const { imsec, expiresAt } = await generate(CT);
    const saved = now;
    try {
      now = new Date(Date.parse(expiresAt) - 1);
      expect((await lookup(imsec)).json().imageViewerLinkStatus).toBe('ACTIVE');
      now = new Date(Date.parse(expiresAt));
      const body = (await lookup(imsec)).json();
      expect(body).toEqual({
        url: null,
        imageViewerLinkStatus: 'EXPIRED',
        redirectUrl: 'http://127.0.0.1:8080/referrer-access',
        preference: 'VIEWER',
        pacsUrl: null,
      });
    } finally {
      now = saved;
    }
  });

  it('answers an unknown, a malformed and a foreign-repository code exactly as an expired one', async () => {
    const { imsec } = await generate(CT);
    await db.query(`UPDATE image_links SET status = 'EXPIRED' WHERE code_hash = $1`, [
      secretHash(imsec),
    ]);
    const expired = (await lookup(imsec)).body;
    const { imsec: other } = await generate(CT);
    expect((await lookup('A'.repeat(32))).body).toBe(expired);
    expect((await lookup('short')).body).toBe(expired);
    expect((await lookup(other, '&repositorySource=OTHER-PACS')).body).toBe(expired);
    const [row] = await latestImagingAudit(db, 1);
    expect(row).toMatchObject({
      action: 'image_link',
      outcome: 'refused',
      messageKey: 'message.image_link_expired',
    });
  });

  it('fills the provider viewer URL template when one is configured', async () => {
    await writeSetting(db, 'imaging', {
      viewerUrlTemplate:
        'https://ohif.example.org/viewer?StudyInstanceUIDs={studyInstanceUid}&token={token}',
    });
    try {
      const { imsec } = await generate(CT);
      const url = new URL((await lookup(imsec)).json().url);
      expect(url.origin).toBe('https://ohif.example.org');
      expect(url.searchParams.get('StudyInstanceUIDs')).toBe(
        (await seededStudy(db, CT)).studyInstanceUid,
      );
      expect(url.searchParams.get('token')).toMatch(/\./);
    } finally {
      await db.query(`DELETE FROM provider_settings WHERE section = 'imaging'`);
    }
  });

  it('R-1-04: the quick report of an ACTIVE link; 404 message.image_link_not_active for an unknown code', async () => {
    const { imsec } = await generate(CT);
    const report = await app.inject({
      method: 'GET',
      url: `/api/image_viewer/report?input=${imsec}`,
    });
    expect(report.json()).toMatchObject({
      patientName: 'Margaret Chen',
      accessionNumber: CT,
      imagesAvailable: true,
      report: { reportStatus: 'FINAL', impression: expect.stringContaining('Cholelithiasis') },
    });
    const unknown = await app.inject({
      method: 'GET',
      url: `/api/image_viewer/report?input=${'B'.repeat(32)}`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('message.image_link_not_active');
  });

  it('the referrer opening a link releases results under the modality rule and queues the results-ready e-mail', async () => {
    const { imsec } = await generate(DX_WAITING);
    await lookup(imsec);
    const { rows } = await db.query<{ recipient: string; subject: string }>(
      `SELECT recipient, subject FROM outbox WHERE topic = 'results_ready'`,
    );
    expect(rows).toEqual([
      { recipient: 'sophie.williams@example.com', subject: 'Your imaging results are ready' },
    ]);
    await lookup(imsec);
    const again = await db.query(`SELECT 1 FROM outbox WHERE topic = 'results_ready'`);
    expect(again.rows).toHaveLength(1);
  });

  it('answers 400 with a message key for an over-long input', async () => {
    const res = await lookup('x'.repeat(200));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('message.bad_request');
  });

  it('is rate-limited per client address: 429 message.too_many_requests', async () => {
    const strict = await testApp(db, {
      imaging: { ...DEFAULT_IMAGING, lookupRateLimit: { max: 3, windowSeconds: 60 } },
    });
    try {
      await startEarlyInMinute();
      const codes = [];
      for (let i = 0; i < 4; i++)
        codes.push(
          (
            await strict.inject({
              method: 'GET',
              url: `/api/image_viewer?input=${'C'.repeat(32)}`,
              remoteAddress: '10.9.8.7',
            })
          ).statusCode,
        );
      expect(codes).toEqual([200, 200, 200, 429]);
    } finally {
      await strict.close();
    }
  });
});

describe('viewer token for a link', () => {
  it('gives a fresh token for an ACTIVE link that expires within minutes', async () => {
    const { imsec } = await generate(CT);
    const res = await app.inject({ method: 'POST', url: `/api/image_viewer/token?input=${imsec}` });
    const token = res.json();
    expect(token).toMatchObject({
      tokenType: 'Bearer',
      dicomWebRoot: '/api/dicomweb',
      expiresIn: 900,
    });
    expect(Date.parse(token.expiresAt) - now.getTime()).toBeLessThanOrEqual(900_000);
    expect(Date.parse(token.expiresAt) - now.getTime()).toBeGreaterThan(60_000);
  });
});
