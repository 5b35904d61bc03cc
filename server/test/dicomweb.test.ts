// @vitest-environment node
// Issue 17 part 2: the read-only DICOMweb service, its answers parsed back with dcmjs.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.js';
import type { StudyRow } from '../db/imaging.repo.js';
import { latestImagingAudit } from '../db/imaging-audit.repo.js';
import { DEFAULT_IMAGING } from '../config-imaging.js';
import { closeTestApp, openTestApp, SETUP_TIMEOUT } from './helpers.js';
import { CT, MR, multipartParts, readDicom, seededStudy, viewerToken } from './imaging-helpers.js';

let db: Db;
let app: FastifyInstance;
let dataDir: string;
let ct: StudyRow;
let token: string;
const now = new Date();

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'dicomweb-test-'));
  ({ db, app } = await openTestApp(
    'dicomweb',
    {
      dataDir,
      imaging: {
        ...DEFAULT_IMAGING,
        viewerOrigins: ['https://ohif.example.org'],
      },
    },
    { clock: () => now },
  ));
  ct = await seededStudy(db, CT);
  token = await viewerToken(db, ct.studyInstanceUid, now);
}, SETUP_TIMEOUT);
afterAll(async () => {
  await closeTestApp(app, db);
  await rm(dataDir, { recursive: true, force: true });
});

const get = (url: string, bearer: string | null = token, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'GET',
    url,
    headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...headers },
  });
const base = () => `/api/dicomweb/studies/${ct.studyInstanceUid}`;

describe('viewer token', () => {
  it('refuses a request without a token: 401 message.viewer_token_invalid, audited', async () => {
    const res = await get('/api/dicomweb/studies', null);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('message.viewer_token_invalid');
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    const [row] = await latestImagingAudit(db, 1);
    expect(row).toMatchObject({ action: 'dicomweb_search', outcome: 'refused', status: 401 });
  });

  it('refuses a token after its expiry and one with a changed signature', async () => {
    const old = await viewerToken(db, ct.studyInstanceUid, new Date(now.getTime() - 16 * 60_000));
    expect((await get('/api/dicomweb/studies', old)).statusCode).toBe(401);
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await get('/api/dicomweb/studies', forged)).statusCode).toBe(401);
  });

  it('is scoped to one study: another study answers 403 message.viewer_token_scope', async () => {
    const mr = await seededStudy(db, MR);
    const res = await get(`/api/dicomweb/studies/${mr.studyInstanceUid}/series`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('message.viewer_token_scope');
  });

  it('is accepted as the query parameter token; answers are no-store', async () => {
    const res = await get(`/api/dicomweb/studies?token=${token}`, null);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('lets the configured viewer origin read answers (CORS) and refuses others', async () => {
    const ok = await get('/api/dicomweb/studies', token, { origin: 'https://ohif.example.org' });
    expect(ok.headers['access-control-allow-origin']).toBe('https://ohif.example.org');
    const other = await get('/api/dicomweb/studies', token, { origin: 'https://evil.example' });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: `${base()}/metadata`,
      headers: {
        origin: 'https://ohif.example.org',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toContain('authorization');
  });
});

describe('QIDO-RS', () => {
  it('finds the token study with its study-level attributes (application/dicom+json)', async () => {
    const res = await get('/api/dicomweb/studies?ModalitiesInStudy=CT&limit=10');
    expect(res.headers['content-type']).toContain('application/dicom+json');
    const [study] = res.json() as Record<string, { Value?: unknown[] }>[];
    expect(study?.['0020000D']?.Value).toEqual([ct.studyInstanceUid]);
    expect(study?.['00080050']?.Value).toEqual([CT]);
    expect(study?.['00100010']?.Value).toEqual([{ Alphabetic: 'CHEN^Margaret' }]);
    expect(study?.['00201208']?.Value).toEqual([96]);
  });

  it('matches StudyDate ranges and PatientID, and answers [] when nothing matches', async () => {
    const day = ct.studyDate;
    expect((await get(`/api/dicomweb/studies?StudyDate=${day}-`)).json()).toHaveLength(1);
    expect((await get(`/api/dicomweb/studies?00100020=${ct.patientId}`)).json()).toHaveLength(1);
    expect((await get('/api/dicomweb/studies?StudyDate=19990101-19991231')).json()).toEqual([]);
    expect((await get('/api/dicomweb/studies?ModalitiesInStudy=MR')).json()).toEqual([]);
  });

  it('lists series and pages instances with limit and offset', async () => {
    const series = (await get(`${base()}/series`)).json() as Record<
      string,
      { Value?: unknown[] }
    >[];
    expect(series).toHaveLength(1);
    expect(series[0]?.['00201209']?.Value).toEqual([96]);
    const page = (await get(`${base()}/instances?limit=10&offset=90`)).json() as Record<
      string,
      { Value?: unknown[] }
    >[];
    expect(page.map((i) => i['00200013']?.Value?.[0])).toEqual([91, 92, 93, 94, 95, 96]);
  });

  it('adds includefield attributes from the instance', async () => {
    const [one] = (await get(`${base()}/instances?limit=1&includefield=00200032`)).json() as Record<
      string,
      { Value?: unknown[] }
    >[];
    expect(one?.['00200032']?.Value).toHaveLength(3);
  });

  it('answers 400 with a message key for a malformed query', async () => {
    const res = await get('/api/dicomweb/studies?StudyDate=yesterday');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('message.bad_request');
  });
});

describe('WADO-RS', () => {
  it('gives series metadata for every slice, pixels by BulkDataURI', async () => {
    const series = (await get(`${base()}/series`)).json() as Record<string, { Value?: string[] }>[];
    const seriesUid = series[0]?.['0020000E']?.Value?.[0];
    const meta = (await get(`${base()}/series/${seriesUid}/metadata`)).json() as Record<
      string,
      { Value?: unknown[]; BulkDataURI?: string }
    >[];
    expect(meta).toHaveLength(96);
    expect(meta[0]?.['00281050']?.Value?.[0]).toBe(40);
    expect(meta[0]?.['7FE00010']?.BulkDataURI).toMatch(/\/frames\/1$/);
    const z = meta.map((m) => (m['00200032']?.Value as number[])[2]);
    expect(z[0]).toBeGreaterThan(z[95]!);
  });

  it('retrieves an instance as multipart/related application/dicom that dcmjs reads back', async () => {
    const [first] = (await get(`${base()}/instances?limit=1`)).json() as Record<
      string,
      { Value?: string[] }
    >[];
    const seriesUid = first?.['0020000E']?.Value?.[0];
    const sop = first?.['00080018']?.Value?.[0];
    const res = await get(`${base()}/series/${seriesUid}/instances/${sop}`);
    expect(res.headers['content-type']).toMatch(/^multipart\/related; type="application\/dicom"/);
    const [part] = multipartParts(res.rawPayload, String(res.headers['content-type']));
    expect(part?.type).toBe('application/dicom');
    const dataset = await readDicom(part!.bytes);
    expect(dataset).toMatchObject({
      SOPInstanceUID: sop,
      StudyInstanceUID: ct.studyInstanceUid,
      AccessionNumber: CT,
      Modality: 'CT',
      Rows: 256,
      Columns: 256,
      RescaleIntercept: -1024,
    });
    const pixels = new Int16Array((dataset.PixelData as ArrayBuffer[])[0]!);
    expect(pixels.length).toBe(256 * 256);
    // Air outside the body, soft tissue inside: an image, not noise.
    expect(pixels[0]! - 1024).toBeLessThan(-900);
    expect(pixels[128 * 256 + 60]! - 1024).toBeGreaterThan(-200);
  });

  it('renders a frame and a thumbnail as PNG', async () => {
    const [first] = (await get(`${base()}/instances?limit=1&offset=40`)).json() as Record<
      string,
      { Value?: string[] }
    >[];
    const path = `${base()}/series/${first?.['0020000E']?.Value?.[0]}/instances/${first?.['00080018']?.Value?.[0]}`;
    const frame = await get(`${path}/frames/1/rendered?window=40,400`);
    expect(frame.headers['content-type']).toBe('image/png');
    expect(frame.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(frame.rawPayload.readUInt32BE(16)).toBe(256);
    const thumb = await get(`${base()}/thumbnail`);
    expect(thumb.rawPayload.readUInt32BE(16)).toBe(128);
    const octets = await get(`${path}/frames/1`);
    const [raw] = multipartParts(octets.rawPayload, String(octets.headers['content-type']));
    expect(raw?.bytes.length).toBe(256 * 256 * 2);
  });

  it('writes an audit row for each read with the study and the outcome', async () => {
    await get(`${base()}/metadata`);
    const [row] = await latestImagingAudit(db, 1);
    expect(row).toMatchObject({
      action: 'dicomweb_metadata',
      actorKind: 'viewer_token',
      studyId: ct.id,
      accessionNumber: CT,
      outcome: 'ok',
      status: 200,
    });
    expect(Date.parse(row!.at)).toBeGreaterThan(Date.now() - 60_000);
  });
});
