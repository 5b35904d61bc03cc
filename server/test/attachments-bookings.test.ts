import { closeDocumentsApp, openDocumentsApp, type DocumentsApp } from './documents-helpers.js';
import { readdir, rm, utimes, writeFile } from 'node:fs/promises';

import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFormData, uploadTarget } from '../../src/api/attachments.js';
import type { Attachment, AttachmentsResponse } from '../../src/contract/attachments.js';
import type { CreateBookingRequestRequest } from '../../src/contract/booking.js';
import type { Db } from '../db/db.js';
import { readSetting, writeSetting } from '../db/settings.repo.js';
import { createDocumentService, DOCUMENT_LIMITS } from '../services/documents.service.js';
import { createPortalConfigService } from '../services/portal-config.service.js';
import { jpegBytes, pdfBytes, pngBytes, uploadBody } from './attachments-helpers.js';
import { book, bookOne, clinicId, deviceIds, newKey, PATIENT } from './booking-helpers.js';
import { patientCookies, SETUP_TIMEOUT } from './helpers.js';
import { keyRef } from '../db/secrets.js';

let opened: Partial<DocumentsApp> = {};
let db: Db;
let app: FastifyInstance;
let dataDir: string;
let referralType: number;
let medicareType: number;

beforeAll(async () => {
  opened = await openDocumentsApp('attachments_bookings');
  ({ db, app, dataDir, referralType, medicareType } = opened as DocumentsApp);
}, SETUP_TIMEOUT);

afterAll(() => closeDocumentsApp(opened));

const files = async (): Promise<string[]> =>
  (await readdir(join(dataDir, 'documents')).catch(() => [])).sort();

const pdf = (fields: Record<string, string | number>, name = 'referral.pdf') =>
  uploadBody({ bytes: pdfBytes(), fileName: name, contentType: 'application/pdf' }, fields);

async function bookingRequest(examSlugs = ['mri-breast', 'us-breast']) {
  const payload: CreateBookingRequestRequest = {
    bookingKey: await newKey(app),
    examSlugs,
    clinicId: await clinicId(db, 'sydney-cbd'),
    patient: PATIENT,
    note: '',
  };
  const res = await app.inject({ method: 'POST', url: '/api/booking/booking_requests', payload });
  if (res.statusCode !== 200) throw new Error(`booking request ${res.statusCode}: ${res.body}`);
  const { slug } = res.json<{ slug: string }>();
  return {
    slug,
    bookingKey: payload.bookingKey,
    cookies: await patientCookies(app, payload.bookingKey),
  };
}

const requestBase = (slug: string) => `/api/secured/booking_requests/${slug}/attachments`;

describe('booking-request attachments (R-7-calls-14..18)', () => {
  it('R-7-calls-15 R-7-calls-14 uploads, groups by exam with examGroupName and changedExamSlugs', async () => {
    const mine = await bookingRequest();
    const referral = await app.inject({
      method: 'POST',
      url: requestBase(mine.slug),
      cookies: mine.cookies,
      ...pdf({ documentTypeId: referralType, examSlug: 'mri-breast', groupName: 'breast' }),
    });
    expect(referral.statusCode, referral.body).toBe(201);
    expect(referral.json<Attachment>()).toMatchObject({
      slug: 'mri-breast',
      groupNames: ['breast'],
    });
    const card = await app.inject({
      method: 'POST',
      url: requestBase(mine.slug),
      cookies: mine.cookies,
      ...uploadBody(
        { bytes: jpegBytes(), fileName: 'medicare.jpg', contentType: 'image/jpeg' },
        { documentTypeId: medicareType, additional: 'true' },
      ),
    });
    expect(card.statusCode, card.body).toBe(201);
    expect(card.json<Attachment>()).toMatchObject({ slug: null, examIds: [], additional: true });

    const list = async (query = '') => {
      const res = await app.inject({
        method: 'GET',
        url: `${requestBase(mine.slug)}/response${query}`,
        cookies: mine.cookies,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<AttachmentsResponse>();
    };
    const ids = (body: AttachmentsResponse, exam: string, type: number) =>
      body.exams
        .find((e) => e.slug === exam)
        ?.examDocumentTypes.find((t) => t.documentTypeId === type)
        ?.attachments.map((a) => a.fileName);

    const all = await list();
    expect(all.exams.map((e) => e.slug)).toEqual(['mri-breast', 'us-breast']);
    expect(ids(all, 'mri-breast', referralType)).toEqual(['referral.pdf']);
    expect(ids(all, 'us-breast', referralType)).toEqual([]);
    expect(ids(all, 'us-breast', medicareType)).toEqual(['medicare.jpg']);
    // Ultrasound has no "previous imaging report" rule; MRI does.
    expect(all.exams[1]?.examDocumentTypes.map((t) => t.documentType.title)).toEqual([
      'Referral',
      'Medicare card',
    ]);
    expect(all.requiredReferralUploaded).toBe(false);

    const otherGroup = await list('?examGroupName=other');
    expect(otherGroup.exams[0]?.groupName).toBe('other');
    expect(ids(otherGroup, 'mri-breast', referralType)).toEqual([]);
    expect(ids(otherGroup, 'mri-breast', medicareType)).toEqual(['medicare.jpg']);
    expect(otherGroup.attachments).toHaveLength(2);

    const changed = await list('?examGroupName=breast&changedExamSlugs=mri-breast');
    expect(changed.exams.map((e) => e.slug)).toEqual(['mri-breast']);
    expect(changed.requiredReferralUploaded).toBe(true);

    const unknown = await app.inject({
      method: 'GET',
      url: `${requestBase(mine.slug)}/response?changedExamSlugs=no-such-exam`,
      cookies: mine.cookies,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('message.attachment_invalid_exam');
  });

  it('R-7-calls-16 R-7-calls-17 R-7-calls-20 replaces, serves and deletes', async () => {
    const mine = await bookingRequest(['mri-breast']);
    const up = await app.inject({
      method: 'POST',
      url: requestBase(mine.slug),
      cookies: mine.cookies,
      ...pdf({ documentTypeId: referralType }),
    });
    const { id } = up.json<Attachment>();
    const png = pngBytes(3, 3);
    const put = await app.inject({
      method: 'PUT',
      url: `${requestBase(mine.slug)}/${id}`,
      cookies: mine.cookies,
      ...uploadBody({ bytes: png, fileName: 'page.png', contentType: 'image/png' }),
    });
    expect(put.statusCode, put.body).toBe(200);
    const view = await app.inject({
      method: 'GET',
      url: `${requestBase(mine.slug)}/${id}/view`,
      cookies: mine.cookies,
    });
    expect(view.statusCode).toBe(200);
    expect(view.rawPayload.equals(png)).toBe(true);
    expect(view.headers['content-disposition']).toBe(
      `inline; filename="page.png"; filename*=UTF-8''page.png`,
    );
    const del = await app.inject({
      method: 'DELETE',
      url: `${requestBase(mine.slug)}/${id}`,
      cookies: mine.cookies,
    });
    expect(del.statusCode).toBe(204);
  });

  it('R-7-calls-18 R-2.3-19 downloads the referral, honouring bookingRequestsDownloadReferralEnabled', async () => {
    const mine = await bookingRequest(['mri-breast']);
    const url = `/api/secured/booking_requests/${mine.slug}/download`;
    const none = await app.inject({ method: 'GET', url, cookies: mine.cookies });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('message.attachment_not_found');
    await app.inject({
      method: 'POST',
      url: requestBase(mine.slug),
      cookies: mine.cookies,
      ...pdf({ documentTypeId: medicareType }, 'card.pdf'),
    });
    await app.inject({
      method: 'POST',
      url: requestBase(mine.slug),
      cookies: mine.cookies,
      ...pdf({ documentTypeId: referralType }),
    });
    const res = await app.inject({ method: 'GET', url, cookies: mine.cookies });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="referral\.pdf"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(pdfBytes())).toBe(true);

    const saved = await readSetting(db, 'bookingRequest');
    await writeSetting(db, 'bookingRequest', { bookingRequestsDownloadReferralEnabled: false });
    try {
      const off = await app.inject({ method: 'GET', url, cookies: mine.cookies });
      expect(off.statusCode).toBe(404);
      expect(off.json().message).toBe('message.referral_download_disabled');
    } finally {
      await writeSetting(db, 'bookingRequest', saved);
    }
    const { rows } = await db.query<{ action: string; outcome: string }>(
      `SELECT action, outcome FROM document_audit WHERE booking_key = $1 AND action = 'referral_download' ORDER BY id`,
      [keyRef(mine.bookingKey)],
    );
    expect(rows).toEqual([
      { action: 'referral_download', outcome: 'refused' },
      { action: 'referral_download', outcome: 'ok' },
      { action: 'referral_download', outcome: 'refused' },
    ]);
  });

  it("an appointment's session cannot touch a booking request's documents, nor the other way round", async () => {
    const request = await bookingRequest(['mri-breast']);
    const appointment = await bookOne(app, db, { dayOffset: 0, hour: 9 });
    const appointmentCookies = await patientCookies(app, appointment.bookingKey);
    const up = await app.inject({
      method: 'POST',
      url: requestBase(request.slug),
      cookies: request.cookies,
      ...pdf({ documentTypeId: referralType }),
    });
    const { id } = up.json<Attachment>();
    for (const [url, cookies] of [
      [`${requestBase(request.slug)}/response`, appointmentCookies],
      [`${requestBase(request.slug)}/${id}/download`, appointmentCookies],
      [`/api/secured/booking_requests/${request.slug}/download`, appointmentCookies],
      [`/api/secured/appointments/${appointment.slug}/attachments/response`, request.cookies],
    ] as const) {
      const res = await app.inject({ method: 'GET', url, cookies });
      expect(res.statusCode, url).toBe(403);
    }
  });
});

describe('temporary documents of a booking in progress ', () => {
  const publicBase = '/api/booking/documents';

  it('uploads by an issued key, lists by the exams being booked, serves, replaces and deletes', async () => {
    const key = await newKey(app);
    const up = await app.inject({
      method: 'POST',
      url: `${publicBase}?bookingKey=${key}`,
      ...pdf({ documentTypeId: referralType, examSlug: 'mri-knee' }),
    });
    expect(up.statusCode, up.body).toBe(201);
    expect(up.headers['cache-control']).toBe('no-store');
    const attachment = up.json<Attachment>();
    expect(attachment.downloadUrl).toBe(
      `${publicBase}/${attachment.id}/download?bookingKey=${key}`,
    );

    const list = await app.inject({
      method: 'GET',
      url: `${publicBase}?bookingKey=${key}&examSlugs=mri-knee,us-breast`,
    });
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json<AttachmentsResponse>();
    expect(body.exams.map((e) => e.slug)).toEqual(['mri-knee', 'us-breast']);
    expect(body.attachments).toHaveLength(1);

    const download = await app.inject({ method: 'GET', url: attachment.downloadUrl });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdfBytes())).toBe(true);
    expect(download.headers['cache-control']).toBe('no-store');
    const view = await app.inject({ method: 'GET', url: attachment.viewUrl });
    expect(view.headers['content-disposition']).toMatch(/^inline; /);
    expect(view.headers['content-type']).toBe('application/pdf');
    expect(view.headers['content-security-policy']).toMatch(/; sandbox; /);

    const jpeg = jpegBytes();
    const put = await app.inject({
      method: 'PUT',
      url: `${publicBase}/${attachment.id}?bookingKey=${key}`,
      ...uploadBody({ bytes: jpeg, fileName: 'photo.jpg', contentType: 'image/jpeg' }),
    });
    expect(put.statusCode, put.body).toBe(200);
    const wrongKey = await app.inject({
      method: 'GET',
      url: `${publicBase}/${attachment.id}/download?bookingKey=${await newKey(app)}`,
    });
    expect(wrongKey.statusCode).toBe(404);
    expect(wrongKey.json().message).toBe('message.attachment_not_found');
    const del = await app.inject({
      method: 'DELETE',
      url: `${publicBase}/${attachment.id}?bookingKey=${key}`,
    });
    expect(del.statusCode).toBe(204);
  });

  it('accepts the form the client builds (src/api/attachments uploadFormData) over real HTTP', async () => {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    // The key is bound to the browser that asked for it: its cookie goes along.
    const issued = await fetch(`${address}/api/booking/booking_key`, { method: 'POST' });
    const cookie = (issued.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const key = ((await issued.json()) as { bookingKey: string }).bookingKey;
    const owner = { kind: 'booking', bookingKey: key } as const;
    const file = new File([new Uint8Array(pdfBytes())], 'Überweisung Dr. Müller.pdf', {
      type: 'application/pdf',
    });
    const target = uploadTarget(owner);
    expect(target.url).toBe(`${publicBase}?bookingKey=${key}`);
    const res = await fetch(`${address}${target.url}`, {
      method: target.method,
      headers: { cookie },
      body: uploadFormData(owner, {
        file,
        documentTypeId: referralType,
        examSlug: 'mri-knee',
        groupName: 'knee',
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const attachment = (await res.json()) as Attachment;
    expect(attachment).toMatchObject({
      fileName: 'Überweisung Dr. Müller.pdf',
      slug: 'mri-knee',
      groupNames: ['knee'],
      contentType: 'application/pdf',
    });
    const download = await fetch(`${address}${attachment.downloadUrl}`, { headers: { cookie } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="_berweisung Dr. M_ller.pdf"; filename*=UTF-8''${encodeURIComponent('Überweisung Dr. Müller.pdf')}`,
    );
    expect(Buffer.from(await download.arrayBuffer()).equals(pdfBytes())).toBe(true);
  });

  it('takes the key from the multipart field too (spec 3 "Document upload": bookingKey)', async () => {
    const key = await newKey(app);
    const res = await app.inject({
      method: 'POST',
      url: publicBase,
      ...pdf({ bookingKey: key, documentTypeId: referralType }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const missing = await app.inject({
      method: 'POST',
      url: publicBase,
      ...pdf({ documentTypeId: referralType }),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('message.booking_key_invalid');
  });

  it('refuses keys never issued (404) and malformed ones (400), storing nothing', async () => {
    const before = await files();
    const unknown = await app.inject({
      method: 'POST',
      url: `${publicBase}?bookingKey=${'Z'.repeat(24)}`,
      ...pdf({ documentTypeId: referralType }),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('message.booking_key_invalid');
    const malformed = await app.inject({ method: 'GET', url: `${publicBase}?bookingKey=short` });
    expect(malformed.statusCode).toBe(400);
    expect(await files()).toEqual(before);
  });

  it('R-4-create-08 the documents follow the key to the appointment, and the used key is refused', async () => {
    const key = await newKey(app);
    const up = await app.inject({
      method: 'POST',
      url: `${publicBase}?bookingKey=${key}`,
      ...pdf({ documentTypeId: referralType, examSlug: 'mri-knee' }),
    });
    const { id } = up.json<Attachment>();
    const booked = await book(app, {
      bookingKey: key,
      examSlug: 'mri-knee',
      clinicId: await clinicId(db, 'sydney-cbd'),
      deviceId: (await deviceIds(db, 'sydney-cbd', 'mri'))[0] as number,
      startDateTime: '2026-11-26T14:00:00+11:00',
      patient: PATIENT,
    });
    expect(booked.statusCode, booked.body).toBe(200);

    const used = await app.inject({ method: 'GET', url: `${publicBase}?bookingKey=${key}` });
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe('message.booking_key_used');
    const usedUpload = await app.inject({
      method: 'POST',
      url: `${publicBase}?bookingKey=${key}`,
      ...pdf({ documentTypeId: referralType }),
    });
    expect(usedUpload.statusCode).toBe(409);
    const usedDownload = await app.inject({
      method: 'GET',
      url: `${publicBase}/${id}/download?bookingKey=${key}`,
    });
    expect(usedDownload.statusCode).toBe(409);

    const { rows } = await db.query<{ slug: string }>(
      'SELECT slug FROM appointments WHERE booking_key = $1',
      [keyRef(key)],
    );
    const slug = rows[0]?.slug as string;
    const cookies = await patientCookies(app, key);
    const list = await app.inject({
      method: 'GET',
      url: `/api/secured/appointments/${slug}/attachments/response`,
      cookies,
    });
    const body = list.json<AttachmentsResponse>();
    expect(body.attachments.map((a) => a.id)).toEqual([id]);
    expect(body.requiredReferralUploaded).toBe(true);
    const download = await app.inject({
      method: 'GET',
      url: `/api/secured/appointments/${slug}/attachments/${id}/download`,
      cookies,
    });
    expect(download.rawPayload.equals(pdfBytes())).toBe(true);
  });

  it('R-4-create-09 R-7-calls-35 POST /api/booking/booking_key/update moves them to the new key (and audits it)', async () => {
    const [old, next] = [await newKey(app), await newKey(app)];
    const up = await app.inject({
      method: 'POST',
      url: `${publicBase}?bookingKey=${old}`,
      ...pdf({ documentTypeId: referralType }),
    });
    const { id } = up.json<Attachment>();
    const before = await files();
    const res = await app.inject({
      method: 'POST',
      url: '/api/booking/booking_key/update',
      payload: { oldBookingKey: old, newBookingKey: next },
    });
    expect(res.statusCode, res.body).toBe(200);
    const count = async (key: string) =>
      (
        await app.inject({ method: 'GET', url: `${publicBase}?bookingKey=${key}` })
      ).json<AttachmentsResponse>().attachments.length;
    expect(await count(old)).toBe(0);
    expect(await count(next)).toBe(1);
    expect(await files()).toEqual(before);
    const download = await app.inject({
      method: 'GET',
      url: `${publicBase}/${id}/download?bookingKey=${next}`,
    });
    expect(download.statusCode).toBe(200);
    const { rows } = await db.query<{ action: string; booking_key: string }>(
      `SELECT action, booking_key FROM document_audit WHERE document_id = $1 AND action = 'move'`,
      [id],
    );
    expect(rows).toEqual([{ action: 'move', booking_key: keyRef(next) }]);
  });

  it("a used key's documents stay with its booking when the key is rotated", async () => {
    const key = await newKey(app);
    await app.inject({
      method: 'POST',
      url: `${publicBase}?bookingKey=${key}`,
      ...pdf({ documentTypeId: referralType }),
    });
    const booked = await book(app, {
      bookingKey: key,
      examSlug: 'mri-knee',
      clinicId: await clinicId(db, 'sydney-cbd'),
      deviceId: (await deviceIds(db, 'sydney-cbd', 'mri'))[0] as number,
      startDateTime: '2026-11-26T15:00:00+11:00',
      patient: PATIENT,
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const next = await newKey(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/booking/booking_key/update',
      payload: { oldBookingKey: key, newBookingKey: next },
    });
    // A used key is never moved: its answers and documents belong to its booking.
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'message.booking_key_used' });
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM temporary_documents WHERE booking_key = $1',
      [keyRef(key)],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('applies the same checks and the per-booking limit to a booking in progress', async () => {
    const key = await newKey(app);
    const before = await files();
    const flood = await app.inject({
      method: 'POST',
      url: `${publicBase}?bookingKey=${key}`,
      ...uploadBody(
        {
          bytes: pngBytes(1, 1, { declared: { width: 90_000, height: 90_000 } }),
          fileName: 'a.png',
          contentType: 'image/png',
        },
        { documentTypeId: referralType },
      ),
    });
    expect(flood.statusCode).toBe(422);
    expect(flood.json().message).toBe('message.attachment_too_many_pixels');
    expect(await files()).toEqual(before);
    for (let i = 0; i < DOCUMENT_LIMITS.maxFiles; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: `${publicBase}?bookingKey=${key}`,
        ...pdf({ documentTypeId: referralType }, `p${i}.pdf`),
      });
      expect(res.statusCode).toBe(201);
    }
    const over = await app.inject({
      method: 'POST',
      url: `${publicBase}?bookingKey=${key}`,
      ...pdf({ documentTypeId: referralType }),
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('message.attachment_limit_reached');
    const { rows } = await db.query<{ actor_kind: string; outcome: string; message_key: string }>(
      `SELECT actor_kind, outcome, message_key FROM document_audit WHERE booking_key = $1 AND outcome = 'refused' ORDER BY id`,
      [keyRef(key)],
    );
    expect(rows).toEqual([
      {
        actor_kind: 'booking_key',
        outcome: 'refused',
        message_key: 'message.attachment_too_many_pixels',
      },
      {
        actor_kind: 'booking_key',
        outcome: 'refused',
        message_key: 'message.attachment_limit_reached',
      },
    ]);
  });

  it('housekeeping deletes abandoned temporary documents and files no row names', async () => {
    const [abandoned, fresh] = [await newKey(app), await newKey(app)];
    for (const key of [abandoned, fresh]) {
      const res = await app.inject({
        method: 'POST',
        url: `${publicBase}?bookingKey=${key}`,
        ...pdf({ documentTypeId: referralType }),
      });
      expect(res.statusCode).toBe(201);
    }
    await db.query(
      "UPDATE booking_keys SET issued_at = now() - interval '8 days' WHERE booking_key = $1",
      [keyRef(abandoned)],
    );
    const stray = join(dataDir, 'documents', 'S'.repeat(32));
    const young = join(dataDir, 'documents', 'Y'.repeat(32));
    await writeFile(stray, 'left by a crash');
    await writeFile(young, 'an upload in flight');
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(stray, old, old);
    const service = createDocumentService(db, {
      dataDir,
      portalConfig: createPortalConfigService(db, {
        version: 't',
        versionHash: 't',
        environmentProfiles: [],
      }),
    });
    const filesBefore = await files();
    expect(await service.sweep()).toEqual({ abandoned: 1, orphanFiles: 1 });
    const filesAfter = await files();
    expect(filesAfter).toHaveLength(filesBefore.length - 2);
    expect(filesAfter).toContain('Y'.repeat(32));
    expect(filesAfter).not.toContain('S'.repeat(32));
    const count = async (key: string) =>
      (
        await db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM temporary_documents WHERE booking_key = $1',
          [keyRef(key)],
        )
      ).rows[0]?.n;
    expect(await count(abandoned)).toBe(0);
    expect(await count(fresh)).toBe(1);
    const { rows } = await db.query<{ actor_kind: string; action: string }>(
      `SELECT actor_kind, action FROM document_audit WHERE booking_key = $1 ORDER BY id DESC LIMIT 1`,
      [keyRef(abandoned)],
    );
    expect(rows).toEqual([{ actor_kind: 'system', action: 'delete' }]);
    await rm(young);
  });
});
