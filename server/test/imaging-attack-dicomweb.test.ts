// @vitest-environment node
// Issue 17 tried as an attacker would, with only what a link or the browser reveals: the
// DICOMweb service and its viewer tokens (R-6-07: access to images needs a credential).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Db } from '../db/db.js';
import { latestImagingAudit } from '../db/imaging-audit.repo.js';
import { instancesOfStudy, seriesOfStudy, type StudyRow } from '../db/imaging.repo.js';
import { closeTestApp, openTestApp, patientCookies, SETUP_TIMEOUT, testConfig } from './helpers.js';
import { CT, MR, seededStudy, viewerToken } from './imaging-helpers.js';

let db: Db;
let app: FastifyInstance;
let ct: StudyRow;
let mr: StudyRow;
let token: string;

beforeAll(async () => {
  ({ db, app } = await openTestApp('imaging_attack_dicomweb'));
  ct = await seededStudy(db, CT);
  mr = await seededStudy(db, MR);
  token = await viewerToken(db, ct.studyInstanceUid);
}, SETUP_TIMEOUT);
afterAll(() => closeTestApp(app, db));

const get = (url: string, headers: Record<string, string> = { authorization: `Bearer ${token}` }) =>
  app.inject({ method: 'GET', url, headers });
const ctRoot = () => `/api/dicomweb/studies/${ct.studyInstanceUid}`;

describe('a viewer token of study A asking for study B (R-6-07)', () => {
  it('a QIDO search widened to another study, by UID list or patient, finds only study A or nothing', async () => {
    const both = await get(
      `/api/dicomweb/studies?StudyInstanceUID=${mr.studyInstanceUid},${ct.studyInstanceUid}`,
    );
    const uids = (both.json() as Record<string, { Value?: unknown[] }>[]).map(
      (s) => s['0020000D']?.Value?.[0],
    );
    expect(uids).toEqual([ct.studyInstanceUid]);
    expect(
      (await get(`/api/dicomweb/studies?StudyInstanceUID=${mr.studyInstanceUid}`)).json(),
    ).toEqual([]);
    expect((await get(`/api/dicomweb/studies?PatientID=${mr.patientId}`)).json()).toEqual([]);
    expect((await get(`/api/dicomweb/studies?AccessionNumber=${MR}&limit=1000`)).json()).toEqual(
      [],
    );
  });

  it("study B's series, instances and rendered frames under study A's path answer 404, with no pixels", async () => {
    const [mrSeries] = await seriesOfStudy(db, mr.id);
    const [ctSeries] = await seriesOfStudy(db, ct.id);
    const [mrInstance] = await instancesOfStudy(db, mr.id);
    const se = mrSeries!.seriesInstanceUid;
    const sop = mrInstance!.sopInstanceUid;
    for (const path of [
      `/series/${se}/instances`,
      `/series/${se}/metadata`,
      `/series/${se}`,
      `/series/${se}/thumbnail`,
      `/series/${ctSeries!.seriesInstanceUid}/instances/${sop}/rendered`,
      `/series/${ctSeries!.seriesInstanceUid}/instances/${sop}/frames/1`,
      `/series/${se}/instances/${sop}/frames/1/rendered`,
    ]) {
      const res = await get(`${ctRoot()}${path}`);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type'], path).toMatch(/^application\/json/);
    }
    expect((await get(`${ctRoot()}/instances?SOPInstanceUID=${sop}`)).json()).toEqual([]);
  });

  it('path tricks (../, encoded separators, lists, wildcards) reach no other study', async () => {
    const b = mr.studyInstanceUid;
    const answers = await Promise.all(
      [
        `${ctRoot()}/../${b}/series`,
        `${ctRoot()}/%2E%2E/${b}/series`,
        `/api/dicomweb/studies/${ct.studyInstanceUid}%2F..%2F${b}/series`,
        `/api/dicomweb/studies/${ct.studyInstanceUid},${b}/series`,
        `/api/dicomweb/studies/${ct.studyInstanceUid};${b}/series`,
        `/api/dicomweb/studies/*/series`,
        `/api/dicomweb/studies/${b}%00/series`,
      ].map((url) => get(url)),
    );
    for (const res of answers) {
      expect([400, 403, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain(b);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('a refused read is audited with the token holder and the study asked for (issue 17 part 7)', async () => {
    const scoped = await get(`/api/dicomweb/studies/${mr.studyInstanceUid}/series`);
    expect(scoped.statusCode).toBe(403);
    const [row] = await latestImagingAudit(db, 1);
    expect(row).toMatchObject({
      actorKind: 'viewer_token',
      actor: 'test',
      action: 'dicomweb_search',
      studyId: mr.id,
      accessionNumber: MR,
      outcome: 'refused',
      status: 403,
      messageKey: 'message.viewer_token_scope',
    });
    expect(row!.at).toMatch(/Z$/);
    const anonymous = await get(`/api/dicomweb/studies/${mr.studyInstanceUid}/metadata`, {});
    expect(anonymous.statusCode).toBe(401);
    const [refused] = await latestImagingAudit(db, 1);
    expect(refused).toMatchObject({ studyId: mr.id, accessionNumber: MR, outcome: 'refused' });
  });
});

describe('R-6-07, R-6-06: tokens, cookies and their places', () => {
  it('an expired token, a token cut short and another study in a tampered payload all answer 401', async () => {
    const old = await viewerToken(db, ct.studyInstanceUid, new Date(Date.now() - 16 * 60_000));
    const [payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { s: string };
    const swapped = Buffer.from(JSON.stringify({ ...claims, s: mr.studyInstanceUid })).toString(
      'base64url',
    );
    for (const bad of [old, token.slice(0, -1), `${swapped}.${signature}`]) {
      const res = await get(`/api/dicomweb/studies/${mr.studyInstanceUid}/series`, {
        authorization: `Bearer ${bad}`,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('message.viewer_token_invalid');
    }
  });

  it("a patient's session cookie opens no DICOMweb, and a viewer token opens no secured results", async () => {
    const key = (
      await app.inject({
        method: 'POST',
        url: '/api/dev/imaging/patient_key',
        payload: { accessionNumber: CT },
      })
    ).json() as { bookingKey: string; slug: string };
    const cookies = await patientCookies(app, key.bookingKey);
    const withCookie = await app.inject({ method: 'GET', url: `${ctRoot()}/series`, cookies });
    expect(withCookie.statusCode).toBe(401);
    const withToken = await get(`/api/secured/appointments/${key.slug}/reports`);
    expect(withToken.statusCode).toBe(401);
    const asQuery = await get(`/api/secured/appointments/${key.slug}/reports?token=${token}`, {});
    expect(asQuery.statusCode).toBe(401);
  });

  it('a viewer token given in the query, as token or access_token, never reaches the request log', async () => {
    const lines: string[] = [];
    const logged = await buildApp({
      db,
      config: testConfig(),
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      for (const name of ['token', 'access_token']) {
        const res = await logged.inject({
          method: 'GET',
          url: `${ctRoot()}/series?${name}=${token}`,
        });
        expect(res.statusCode).toBe(200);
      }
      const all = lines.join('\n');
      expect(all).toContain('access_token=[redacted]');
      expect(all).not.toContain(token.split('.')[1]);
    } finally {
      await logged.close();
    }
  });
});

describe('R-6-07: another origin with the user’s browser', () => {
  it('gets no CORS grant for DICOMweb (refused preflight); the embedding clinic gets one without credentials', async () => {
    const evil = await get(`${ctRoot()}/series`, {
      authorization: `Bearer ${token}`,
      origin: 'https://evil.example',
    });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: `${ctRoot()}/series`,
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.statusCode).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const clinic = await get(`${ctRoot()}/series`, {
      authorization: `Bearer ${token}`,
      origin: 'https://clinic.example.org',
    });
    expect(clinic.headers['access-control-allow-origin']).toBe('https://clinic.example.org');
    expect(clinic.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('every DICOMweb answer is no-store, nosniff and of a declared type', async () => {
    const [series] = await seriesOfStudy(db, ct.id);
    for (const path of [
      '/series',
      '/metadata',
      '/thumbnail',
      `/series/${series!.seriesInstanceUid}`,
    ]) {
      const res = await get(`${ctRoot()}${path}`);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-store');
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
      expect(res.headers['content-type'], path).toMatch(
        /^(application\/dicom\+json|image\/png|multipart\/related; type="application\/dicom")/,
      );
      expect(String(res.headers.vary), path).toMatch(/Origin/);
    }
  });
});
