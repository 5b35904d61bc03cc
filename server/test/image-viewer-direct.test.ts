// @vitest-environment node
// Spec 4 "Image viewer", 7 POST /api/image_viewer/direct: an external radiologist's images
// after signing in (R-4-viewer-05..08, R-7-calls-21).
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_IMAGING } from '../config-imaging.js';
import type { Db } from '../db/db.js';
import { latestImagingAudit } from '../db/imaging-audit.repo.js';
import { writeSetting } from '../db/settings.repo.js';
import { IMAGING_SETTINGS } from '../services/image-links.service.js';
import {
  closeTestApp,
  openTestApp,
  SETUP_TIMEOUT,
  startEarlyInMinute,
  testApp,
} from './helpers.js';
import { CT, DX_WAITING, imageLinkOf, NO_IMAGES, seededStudy } from './imaging-helpers.js';

let db: Db;
let app: FastifyInstance;
const now = new Date();
/** The seeded studies' referrer (CT, DX_WAITING and NO_IMAGES are hers). */
const OKORO = { username: 'Dr Adaeze Okoro', email: 'a.okoro@example.org' };

beforeAll(async () => {
  ({ db, app } = await openTestApp(
    'image_viewer_direct',
    { imaging: { ...DEFAULT_IMAGING, lookupRateLimit: { max: 1000, windowSeconds: 60 } } },
    { clock: () => now },
  ));
}, SETUP_TIMEOUT);
afterAll(() => closeTestApp(app, db));
afterEach(() => writeSetting(db, IMAGING_SETTINGS, {}));

/** A fresh image link of a seeded study (the development route), ACTIVE or EXPIRED. */
const linkOf = (accessionNumber: string, expired = false) =>
  imageLinkOf(app, accessionNumber, expired);

const direct = (payload: Record<string, unknown>, target = app, remoteAddress = '10.1.2.3') =>
  target.inject({ method: 'POST', url: '/api/image_viewer/direct', payload, remoteAddress });

describe('POST /api/image_viewer/direct', () => {
  it("R-4-viewer-05: the study's referrer, signed in, gets a viewer URL whose token reads that study", async () => {
    const input = await linkOf(CT);
    const res = await direct({ input, username: OKORO.username, email: 'A.Okoro@Example.org' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const url = new URL(res.json().url as string);
    const study = await seededStudy(db, CT);
    expect(url.pathname).toBe('/image-viewer');
    // The study and its token ride in the fragment, never in a request line (docs/security.md §14).
    expect(url.search).toBe('');
    const params = new URLSearchParams(url.hash.slice(1));
    expect(params.get('study')).toBe(study.studyInstanceUid);
    // The token is real: the DICOMweb service lists the study's series with it.
    const series = await app.inject({
      method: 'GET',
      url: `/api/dicomweb/studies/${study.studyInstanceUid}/series`,
      headers: { authorization: `Bearer ${params.get('token')}` },
    });
    expect(series.statusCode).toBe(200);
    expect(series.json()).toHaveLength(study.seriesCount);
    const [, row] = await latestImagingAudit(db, 2); // the newest is the DICOMweb search
    expect(row).toMatchObject({
      action: 'image_viewer_direct',
      actorKind: 'imsec',
      outcome: 'ok',
      status: 200,
      accessionNumber: CT,
    });
    expect(row!.actor).toMatch(/^link:\d+ radiologist:a\.okoro@example\.org$/);
  });

  it('R-4-viewer-07: a listed external radiologist, by address or by @domain, may; anyone else gets 403 message.user_not_have_access_to_images, audited', async () => {
    await writeSetting(db, IMAGING_SETTINGS, {
      externalRadiologists: ['@teleradiology.example', 'j.smith@reads.example'],
    });
    const input = await linkOf(CT);
    const as = async (email: string) => (await direct({ input, username: 'R', email })).statusCode;
    expect(await as('m.tan@teleradiology.example')).toBe(200);
    expect(await as('J.Smith@reads.example')).toBe(200);
    expect(await as('k.jones@reads.example')).toBe(403);
    expect(await as('m.tan@evil-teleradiology.example')).toBe(403);
    const res = await direct({ input, username: 'Dr Who', email: 'who@example.org' });
    expect(res.json().message).toBe('message.user_not_have_access_to_images');
    const [row] = await latestImagingAudit(db, 1);
    expect(row).toMatchObject({
      action: 'image_viewer_direct',
      outcome: 'refused',
      status: 403,
      messageKey: 'message.user_not_have_access_to_images',
      accessionNumber: CT,
    });
  });

  it('an unknown, expired or malformed code is answered as a stranger is: the same 403', async () => {
    const answers = [];
    for (const input of ['C'.repeat(32), await linkOf(CT, true), 'x'])
      answers.push((await direct({ input, ...OKORO })).json());
    expect(answers.map((body) => body.message)).toEqual(
      Array(3).fill('message.user_not_have_access_to_images'),
    );
    expect(new Set(answers.map((body) => JSON.stringify(body))).size).toBe(1);
  });

  it('R-4-viewer-06: a study without images answers url null (the page says error generating url)', async () => {
    const res = await direct({ input: await linkOf(NO_IMAGES), ...OKORO });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: null });
  });

  it('opening the images this way is not the referrer opening the results (no early release)', async () => {
    const res = await direct({ input: await linkOf(DX_WAITING), ...OKORO });
    expect(res.statusCode).toBe(200);
    expect((await seededStudy(db, DX_WAITING)).referrerOpenedAt).toBeNull();
  });

  it('checks the body: an e-mail address and a user name are required (400 message.bad_request)', async () => {
    const input = await linkOf(CT);
    for (const payload of [
      { input, username: 'R' },
      { input, username: 'R', email: 'not an address' },
      { input, username: '', email: OKORO.email },
    ]) {
      const res = await direct(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe('message.bad_request');
    }
  });

  it("shares the image link lookups' rate limit per client address: 429 message.too_many_requests", async () => {
    const strict = await testApp(db, {
      imaging: { ...DEFAULT_IMAGING, lookupRateLimit: { max: 3, windowSeconds: 60 } },
    });
    try {
      await startEarlyInMinute();
      // An address of this run only: the counters outlive a run on PostgreSQL.
      const octet = () => Math.floor(Math.random() * 250) + 1;
      const client = `10.${octet()}.${octet()}.${octet()}`;
      const input = 'C'.repeat(32);
      const lookup = () =>
        strict.inject({
          method: 'GET',
          url: `/api/image_viewer?input=${input}`,
          remoteAddress: client,
        });
      const codes = [(await lookup()).statusCode, (await lookup()).statusCode];
      for (let i = 0; i < 2; i++)
        codes.push((await direct({ input, ...OKORO }, strict, client)).statusCode);
      expect(codes).toEqual([200, 200, 403, 429]);
    } finally {
      await strict.close();
    }
  });
});
