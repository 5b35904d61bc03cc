/**
 * Uploads cannot fill the disk (docs/security.md §5: one address stored 1,000 MiB
 * in 14.4 s through fresh, anonymous booking keys). Temporary documents of
 * keys that have not booked count against a budget per client address and
 * live UPLOAD_UNBOOKED_HOURS; no upload is stored below UPLOAD_MIN_FREE_BYTES.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Attachment } from '../../src/contract/attachments.js';
import {
  DEFAULT_UPLOAD_LIMITS,
  loadServerConfig,
  type ServerConfig,
  type UploadLimits,
} from '../config.js';
import type { Db } from '../db/db.js';
import { quotaAddress } from '../services/document-quota.js';
import { pdfBytes, uploadBody } from './attachments-helpers.js';
import {
  book,
  clinicId,
  clock,
  deviceIds,
  MANY_BOOKINGS,
  newKey,
  NOW,
  PATIENT,
} from './booking-helpers.js';
import { openTestDb, patientCookies, SETUP_TIMEOUT, testApp } from './helpers.js';
import { keyRef } from '../db/secrets.js';
import { startDocumentSweep } from '../jobs/document-sweep.js';

const PDF_SIZE = pdfBytes().length;
const BASE = '/api/booking/documents';

let db: Db;
let dataDir: string;
let referralType: number;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  db = await openTestDb('upload_quota');
  dataDir = await mkdtemp(join(tmpdir(), 'imaging-upload-quota-'));
  const { rows } = await db.query<{ id: number }>(
    "SELECT id FROM document_types WHERE code = 'referral'",
  );
  referralType = rows[0]?.id as number;
}, SETUP_TIMEOUT);

afterAll(async () => {
  for (const app of apps) await app.close();
  await db?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A test app on the shared database and data directory with these upload limits. */
async function appWith(
  uploads: Partial<UploadLimits>,
  options: {
    clock?: () => Date;
    freeSpace?: (directory: string) => Promise<number>;
  } = {},
): Promise<FastifyInstance> {
  const overrides: Partial<ServerConfig> = {
    booking: MANY_BOOKINGS,
    dataDir,
    uploads: { ...DEFAULT_UPLOAD_LIMITS, minFreeBytes: 0, ...uploads },
  };
  const app = await testApp(db, overrides, { clock, ...options });
  apps.push(app);
  return app;
}

function upload(app: FastifyInstance, bookingKey: string, address: string) {
  return app.inject({
    method: 'POST',
    url: `${BASE}?bookingKey=${bookingKey}`,
    remoteAddress: address,
    ...uploadBody(
      { bytes: pdfBytes(), fileName: 'referral.pdf', contentType: 'application/pdf' },
      { documentTypeId: referralType },
    ),
  });
}

const storedFiles = async (): Promise<number> =>
  (await readdir(join(dataDir, 'documents')).catch(() => [])).length;

async function documentCount(bookingKey: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM temporary_documents WHERE booking_key = $1',
    [keyRef(bookingKey)],
  );
  return rows[0]?.n ?? 0;
}

async function bookMriKnee(app: FastifyInstance, bookingKey: string, hour: number) {
  const res = await book(app, {
    bookingKey,
    examSlug: 'mri-knee',
    clinicId: await clinicId(db, 'sydney-cbd'),
    deviceId: (await deviceIds(db, 'sydney-cbd', 'mri'))[0] as number,
    startDateTime: `2026-11-24T${String(hour).padStart(2, '0')}:00:00+11:00`,
    patient: PATIENT,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('upload budget per client address for keys that have not booked (docs/security.md §5)', () => {
  it('one address over its byte budget is refused with 429 message.upload_quota_exceeded, across fresh keys, while another address still uploads', async () => {
    const app = await appWith({ quotaBytes: Math.floor(PDF_SIZE * 2.5), quotaFiles: 100 });
    const attacker = '198.51.100.7';
    for (let i = 0; i < 2; i += 1) {
      const res = await upload(app, await newKey(app), attacker);
      expect(res.statusCode, res.body).toBe(201);
    }
    const filesBefore = await storedFiles();
    const third = await newKey(app);
    const refused = await upload(app, third, attacker);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: 'message.upload_quota_exceeded' });
    // The oldest counted upload leaves the 24-hour window in a day (the clock stands still).
    expect(refused.headers['retry-after']).toBe(String(24 * 60 * 60));
    expect(await documentCount(third)).toBe(0);
    expect(await storedFiles()).toBe(filesBefore);

    const neighbour = await upload(app, third, '198.51.100.8');
    expect(neighbour.statusCode, neighbour.body).toBe(201);
    expect(neighbour.json<Attachment>().fileName).toBe('referral.pdf');

    const { rows } = await db.query<{ outcome: string; status: number; message_key: string }>(
      `SELECT outcome, status, message_key FROM document_audit
       WHERE booking_key = $1 AND action = 'upload' ORDER BY id`,
      [keyRef(third)],
    );
    expect(rows).toEqual([
      { outcome: 'refused', status: 429, message_key: 'message.upload_quota_exceeded' },
      { outcome: 'ok', status: 200, message_key: null },
    ]);
  });

  it('an address that used its file budget is refused before its body is read', async () => {
    const app = await appWith({ quotaFiles: 2 });
    const address = '198.51.100.20';
    const key = await newKey(app);
    for (let i = 0; i < 2; i += 1) expect((await upload(app, key, address)).statusCode).toBe(201);
    const cut = await app.inject({
      method: 'POST',
      url: `${BASE}?bookingKey=${key}`,
      remoteAddress: address,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="fi',
    });
    // A cut body would be 400 message.bad_request if it were read.
    expect(cut.statusCode).toBe(429);
    expect(cut.json()).toMatchObject({ message: 'message.upload_quota_exceeded' });
  });

  it('replacing or deleting a document does not give its bytes back', async () => {
    const app = await appWith({ quotaFiles: 2 });
    const address = '198.51.100.30';
    const key = await newKey(app);
    const first = await upload(app, key, address);
    expect(first.statusCode).toBe(201);
    const id = first.json<Attachment>().id;
    const replaced = await app.inject({
      method: 'PUT',
      url: `${BASE}/${id}?bookingKey=${key}`,
      remoteAddress: address,
      ...uploadBody({ bytes: pdfBytes('Second'), fileName: 'again.pdf' }),
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `${BASE}/${id}?bookingKey=${key}`,
      remoteAddress: address,
    });
    expect(deleted.statusCode).toBe(204);
    const again = await upload(app, key, address);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ message: 'message.upload_quota_exceeded' });
  });

  it('the addresses of one IPv6 /64 share a budget', async () => {
    expect(quotaAddress('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(quotaAddress('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(quotaAddress('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(quotaAddress('203.0.113.5')).toBe('203.0.113.5');
    const app = await appWith({ quotaFiles: 1 });
    expect((await upload(app, await newKey(app), '2001:db8:1:2::1')).statusCode).toBe(201);
    const sibling = await upload(app, await newKey(app), '2001:db8:1:2:ffff::9');
    expect(sibling.statusCode).toBe(429);
    expect((await upload(app, await newKey(app), '2001:db8:1:3::1')).statusCode).toBe(201);
  });

  it('uploads of a key that booked stop counting, and the budget renews after UPLOAD_UNBOOKED_HOURS', async () => {
    let now = NOW;
    const app = await appWith({ quotaFiles: 1 }, { clock: () => now });
    const address = '198.51.100.40';
    const booked = await newKey(app);
    expect((await upload(app, booked, address)).statusCode).toBe(201);
    expect((await upload(app, await newKey(app), address)).statusCode).toBe(429);
    await bookMriKnee(app, booked, 9);
    const next = await newKey(app);
    expect((await upload(app, next, address)).statusCode).toBe(201);
    expect((await upload(app, await newKey(app), address)).statusCode).toBe(429);
    now = new Date(NOW.getTime() + 24 * 60 * 60 * 1000 + 1000);
    expect((await upload(app, await newKey(app), address)).statusCode).toBe(201);
  });
});

describe('free-space floor of the documents directory (docs/security.md §5)', () => {
  const floor = 1024 * 1024 * 1024;

  it('an upload that would leave less than UPLOAD_MIN_FREE_BYTES free is refused with 413 message.upload_storage_full, and nothing is stored', async () => {
    let free = floor + 100;
    const app = await appWith({ minFreeBytes: floor }, { freeSpace: async () => free });
    const key = await newKey(app);
    const filesBefore = await storedFiles();
    const refused = await upload(app, key, '198.51.100.50');
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ message: 'message.upload_storage_full' });
    expect(await documentCount(key)).toBe(0);
    expect(await storedFiles()).toBe(filesBefore);

    free = floor + 10 * 1024 * 1024;
    const accepted = await upload(app, key, '198.51.100.50');
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  it('the floor holds for uploads to a booked appointment too', async () => {
    let free = floor + 10 * 1024 * 1024;
    const app = await appWith({ minFreeBytes: floor }, { freeSpace: async () => free });
    const key = await newKey(app);
    await bookMriKnee(app, key, 11);
    const { rows } = await db.query<{ slug: string }>(
      'SELECT slug FROM appointments WHERE booking_key = $1',
      [keyRef(key)],
    );
    const cookies = await patientCookies(app, key);
    free = floor - 1;
    const res = await app.inject({
      method: 'POST',
      url: `/api/secured/appointments/${rows[0]?.slug}/attachments`,
      cookies,
      ...uploadBody(
        { bytes: pdfBytes(), fileName: 'referral.pdf' },
        { documentTypeId: referralType },
      ),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: 'message.upload_storage_full' });
  });

  it('the limits come from the environment with documented defaults', () => {
    expect(loadServerConfig({}).uploads).toEqual({
      quotaBytes: 50 * 1024 * 1024,
      quotaFiles: 30,
      unbookedTtlHours: 24,
      minFreeBytes: 1024 * 1024 * 1024,
    });
    expect(
      loadServerConfig({
        UPLOAD_QUOTA_BYTES: '1000',
        UPLOAD_QUOTA_FILES: '3',
        UPLOAD_UNBOOKED_HOURS: '6',
        UPLOAD_MIN_FREE_BYTES: '0',
      }).uploads,
    ).toEqual({ quotaBytes: 1000, quotaFiles: 3, unbookedTtlHours: 6, minFreeBytes: 0 });
    expect(() => loadServerConfig({ UPLOAD_QUOTA_BYTES: 'lots' })).toThrow(/UPLOAD_QUOTA_BYTES/);
  });
});

describe('short life of temporary documents of keys that never booked (docs/security.md §5)', () => {
  it('the sweep deletes temporary documents of never-booked keys older than UPLOAD_UNBOOKED_HOURS with their files, and keeps those of keys that booked', async () => {
    const app = await appWith({});
    const [abandoned, booked] = [await newKey(app), await newKey(app)];
    for (const key of [abandoned, booked])
      expect((await upload(app, key, '198.51.100.60')).statusCode).toBe(201);
    await bookMriKnee(app, booked, 13);
    const storage = async (key: string) =>
      (
        await db.query<{ storage_name: string }>(
          'SELECT storage_name FROM temporary_documents WHERE booking_key = $1',
          [keyRef(key)],
        )
      ).rows.map((row) => row.storage_name);
    const [abandonedFile] = await storage(abandoned);
    const [bookedFile] = await storage(booked);

    // Documents are stamped by the database's clock; the sweep runs on the app's clock.
    const stored = Date.now();
    const young = await appWith({}, { clock: () => new Date(stored + 23 * 60 * 60 * 1000) });
    startDocumentSweep(young.documents, young.log).stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await documentCount(abandoned)).toBe(1);

    const dayLater = await appWith({}, { clock: () => new Date(stored + 25 * 60 * 60 * 1000) });
    startDocumentSweep(dayLater.documents, dayLater.log).stop();
    await vi.waitFor(
      async () => {
        expect(await documentCount(abandoned)).toBe(0);
        expect(await readdir(join(dataDir, 'documents'))).not.toContain(abandonedFile);
      },
      { timeout: 5000 },
    );
    expect(await readdir(join(dataDir, 'documents'))).toContain(bookedFile);
    expect(await documentCount(booked)).toBe(1);
  });
});
