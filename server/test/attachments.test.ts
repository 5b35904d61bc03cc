import { closeDocumentsApp, openDocumentsApp, type DocumentsApp } from './documents-helpers.js';
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { connect } from 'node:net';

import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attachment, AttachmentsResponse } from '../../src/contract/attachments.js';
import type { Db } from '../db/db.js';
import { DOCUMENT_LIMITS } from '../services/documents.service.js';
import {
  jpegBytes,
  multipart,
  pdfBytes,
  pngBytes,
  uploadBody,
  zipTail,
} from './attachments-helpers.js';
import { bookOne } from './booking-helpers.js';
import { patientCookies, SESSION_COOKIE_NAME, SETUP_TIMEOUT } from './helpers.js';
import { keyRef } from '../db/secrets.js';

let opened: Partial<DocumentsApp> = {};
let db: Db;
let app: FastifyInstance;
let dataDir: string;
let referralType: number;
let medicareType: number;

beforeAll(async () => {
  opened = await openDocumentsApp('attachments');
  ({ db, app, dataDir, referralType, medicareType } = opened as DocumentsApp);
}, SETUP_TIMEOUT);

afterAll(() => closeDocumentsApp(opened));

/** A fresh booking (its own slot) and its holder's session cookies. */
let slot = 0;
async function booking(): Promise<{
  bookingKey: string;
  slug: string;
  cookies: Record<string, string>;
}> {
  const n = slot++;
  const booked = await bookOne(app, db, { dayOffset: n % 5, hour: 8 + Math.floor(n / 5) });
  return { ...booked, cookies: await patientCookies(app, booked.bookingKey) };
}

const files = async (): Promise<string[]> =>
  (await readdir(join(dataDir, 'documents')).catch(() => [])).sort();

const rows = async (bookingKey: string): Promise<number> =>
  (
    await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM temporary_documents WHERE booking_key = $1',
      [keyRef(bookingKey)],
    )
  ).rows[0]?.n ?? -1;

const base = (slug: string) => `/api/secured/appointments/${slug}/attachments`;

function upload(
  slug: string,
  cookies: Record<string, string>,
  body: { payload: Buffer; headers: Record<string, string> },
  method: 'POST' | 'PUT' = 'POST',
  id?: number,
) {
  return app.inject({
    method,
    url: id === undefined ? base(slug) : `${base(slug)}/${id}`,
    cookies,
    ...body,
  });
}

const referralPdf = (name = 'referral.pdf') =>
  uploadBody(
    { bytes: pdfBytes(), fileName: name, contentType: 'application/pdf' },
    { documentTypeId: referralType, examSlug: 'mri-knee' },
  );

async function lastAudit(bookingKey: string | null = null) {
  const { rows: audit } = await db.query<{
    action: string;
    outcome: string;
    status: number;
    message_key: string | null;
    session_hash: string | null;
    document_id: number | null;
    owner_kind: string | null;
    at: Date;
  }>(
    `SELECT action, outcome, status, message_key, session_hash, document_id::int AS document_id, owner_kind, at
     FROM document_audit WHERE ($1::text IS NULL OR booking_key = $1) ORDER BY id DESC LIMIT 1`,
    [bookingKey === null ? null : keyRef(bookingKey)],
  );
  return audit[0];
}

describe('secured appointment attachments: happy paths', () => {
  it('R-7-calls-09 R-7-calls-08 uploads a PDF referral and lists it grouped by exam and type', async () => {
    const mine = await booking();
    const res = await upload(mine.slug, mine.cookies, referralPdf());
    expect(res.statusCode, res.body).toBe(201);
    const attachment = res.json<Attachment>();
    expect(attachment).toMatchObject({
      attachmentId: attachment.id,
      fileName: 'referral.pdf',
      contentType: 'application/pdf',
      size: pdfBytes().length,
      documentTypeId: referralType,
      documentType: { title: 'Referral' },
      slug: 'mri-knee',
      examIds: [expect.any(Number)],
      groupNames: [],
      uploadedDocument: { id: attachment.id, fileName: 'referral.pdf' },
      additional: false,
      downloadUrl: `${base(mine.slug)}/${attachment.id}/download`,
      viewUrl: `${base(mine.slug)}/${attachment.id}/view`,
    });
    const list = await app.inject({
      method: 'GET',
      url: `${base(mine.slug)}/response`,
      cookies: mine.cookies,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const body = list.json<AttachmentsResponse>();
    expect(body.attachments.map((a) => a.id)).toEqual([attachment.id]);
    expect(body.exams).toHaveLength(1);
    expect(body.exams[0]?.slug).toBe('mri-knee');
    const referral = body.exams[0]?.examDocumentTypes.find(
      (t) => t.documentTypeId === referralType,
    );
    expect(referral).toMatchObject({ required: true, documentType: { title: 'Referral' } });
    expect(referral?.attachments.map((a) => a.id)).toEqual([attachment.id]);
    expect(body.exams[0]?.examDocumentTypes.map((t) => t.documentType.title)).toEqual([
      'Referral',
      'Previous imaging report',
      'Medicare card',
    ]);
    expect(body.requiredReferralUploaded).toBe(true);
    expect(body.limits).toEqual({
      validContentTypes: ['application/pdf', 'image/jpeg', 'image/png', 'image/heic'],
      maxFileBytes: DOCUMENT_LIMITS.maxFileBytes,
      maxFiles: DOCUMENT_LIMITS.maxFiles,
      maxPixels: DOCUMENT_LIMITS.maxPixels,
    });
    expect(body.documentTypes.find((t) => t.isReferral)?.id).toBe(referralType);
  });

  it('R-7-calls-20 serves download and view with disposition, stored type, nosniff, no-store and a CSP', async () => {
    const mine = await booking();
    const png = pngBytes(5, 4);
    const up = await upload(
      mine.slug,
      mine.cookies,
      uploadBody(
        { bytes: png, fileName: 'Überweisung (1).png', contentType: 'image/png' },
        { documentTypeId: referralType },
      ),
    );
    expect(up.statusCode, up.body).toBe(201);
    const { id } = up.json<Attachment>();
    const download = await app.inject({
      method: 'GET',
      url: `${base(mine.slug)}/${id}/download`,
      cookies: mine.cookies,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(png)).toBe(true);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="_berweisung (1).png"; filename*=UTF-8''%C3%9Cberweisung%20%281%29.png`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['cache-control']).toBe('no-store');
    expect(download.headers['content-security-policy']).toContain('sandbox');
    expect(download.headers['content-security-policy']).toContain("default-src 'none'");
    const view = await app.inject({
      method: 'GET',
      url: `${base(mine.slug)}/${id}/view`,
      cookies: mine.cookies,
    });
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-disposition']).toMatch(/^inline; /);
    expect(view.headers['content-security-policy']).toMatch(/sandbox/);
    expect(view.headers['content-security-policy']).toMatch(
      /frame-ancestors 'self' https:\/\/clinic\.example\.org/,
    );
    expect(view.rawPayload.equals(png)).toBe(true);
  });

  it('R-7-calls-10 replaces a document: new bytes served, old file removed; R-7-calls-11 deletes it', async () => {
    const mine = await booking();
    const first = await upload(mine.slug, mine.cookies, referralPdf());
    const { id } = first.json<Attachment>();
    const before = await files();
    const jpeg = jpegBytes(16, 16);
    const replaced = await upload(
      mine.slug,
      mine.cookies,
      uploadBody({ bytes: jpeg, fileName: 'photo.jpg', contentType: 'image/jpeg' }),
      'PUT',
      id,
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json<Attachment>()).toMatchObject({
      id,
      fileName: 'photo.jpg',
      contentType: 'image/jpeg',
      documentTypeId: referralType,
      slug: 'mri-knee',
    });
    expect((await files()).length).toBe(before.length);
    const download = await app.inject({
      method: 'GET',
      url: `${base(mine.slug)}/${id}/download`,
      cookies: mine.cookies,
    });
    expect(download.rawPayload.equals(jpeg)).toBe(true);
    expect(download.headers['content-type']).toBe('image/jpeg');

    const removed = await app.inject({
      method: 'DELETE',
      url: `${base(mine.slug)}/${id}`,
      cookies: mine.cookies,
    });
    expect(removed.statusCode).toBe(204);
    expect(await rows(mine.bookingKey)).toBe(0);
    expect((await files()).length).toBe(before.length - 1);
    const again = await app.inject({
      method: 'DELETE',
      url: `${base(mine.slug)}/${id}`,
      cookies: mine.cookies,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('message.attachment_not_found');
    const list = await app.inject({
      method: 'GET',
      url: `${base(mine.slug)}/response`,
      cookies: mine.cookies,
    });
    expect(list.json<AttachmentsResponse>()).toMatchObject({
      attachments: [],
      requiredReferralUploaded: false,
    });
  });

  it('accepts a file of exactly the size limit, and serves it whole to a client that accepts gzip', async () => {
    const mine = await booking();
    const small = pdfBytes();
    // Pad the PDF with a comment line up to exactly maxFileBytes.
    const padding = DOCUMENT_LIMITS.maxFileBytes - small.length - 2;
    const bytes = Buffer.concat([
      Buffer.from(`%PDF-1.4\n%${'x'.repeat(padding)}\n`, 'latin1'),
      small.subarray('%PDF-1.4\n'.length),
    ]);
    expect(bytes.length).toBe(DOCUMENT_LIMITS.maxFileBytes);
    const res = await upload(
      mine.slug,
      mine.cookies,
      uploadBody(
        { bytes, fileName: 'big.pdf', contentType: 'application/pdf' },
        { documentTypeId: referralType },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const download = await app.inject({
      method: 'GET',
      url: `${base(mine.slug)}/${res.json<Attachment>().id}/download`,
      cookies: mine.cookies,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-encoding']).toBeUndefined();
    expect(download.rawPayload.equals(bytes)).toBe(true);
  });

  it('R-7-calls-12 marks documents imported with an empty body', async () => {
    const mine = await booking();
    await upload(mine.slug, mine.cookies, referralPdf());
    const res = await app.inject({
      method: 'POST',
      url: `${base(mine.slug)}/imported`,
      cookies: mine.cookies,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ imported: 1 });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `${base(mine.slug)}/imported`,
          cookies: mine.cookies,
        })
      ).json(),
    ).toEqual({ imported: 0 });
  });

  it('names a file without a known extension after its content, and keeps other names', async () => {
    const mine = await booking();
    const res = await upload(
      mine.slug,
      mine.cookies,
      uploadBody(
        { bytes: jpegBytes(), fileName: 'Dr. Smith', contentType: 'image/jpeg' },
        { documentTypeId: medicareType },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Attachment>().fileName).toBe('Dr. Smith.jpg');
  });
});

interface BadFile {
  name: string;
  body: () => { payload: Buffer; headers: Record<string, string> };
  status: number;
  key: string;
}

const withType = (fields: Record<string, string | number> = {}) => ({
  documentTypeId: 0,
  ...fields,
});

/** The corpus of bad uploads (spec 4 "Upload"); documentTypeId 0 is replaced by the referral type. */
const corpus: BadFile[] = [
  {
    name: 'a PDF renamed to .png (declared image/png)',
    body: () =>
      uploadBody({ bytes: pdfBytes(), fileName: 'scan.png', contentType: 'image/png' }, withType()),
    status: 415,
    key: 'message.attachment_type_mismatch',
  },
  {
    name: 'a PDF renamed to .png (declared octet-stream)',
    body: () => uploadBody({ bytes: pdfBytes(), fileName: 'scan.png' }, withType()),
    status: 415,
    key: 'message.attachment_type_mismatch',
  },
  {
    name: 'a PNG declared as a PDF',
    body: () =>
      uploadBody(
        { bytes: pngBytes(), fileName: 'scan', contentType: 'application/pdf' },
        withType(),
      ),
    status: 415,
    key: 'message.attachment_type_mismatch',
  },
  {
    name: 'an HTML file named .pdf',
    body: () =>
      uploadBody(
        {
          bytes: Buffer.from('<!DOCTYPE html><html><script>alert(document.cookie)</script></html>'),
          fileName: 'referral.pdf',
          contentType: 'application/pdf',
        },
        withType(),
      ),
    status: 415,
    key: 'message.attachment_unsafe_content',
  },
  {
    name: 'an SVG named .png',
    body: () =>
      uploadBody(
        {
          bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
          fileName: 'x.png',
          contentType: 'image/png',
        },
        withType(),
      ),
    status: 415,
    key: 'message.attachment_unsafe_content',
  },
  {
    name: 'a polyglot: a PDF carrying HTML',
    body: () =>
      uploadBody(
        {
          bytes: pdfBytes(
            'Referral',
            '<html><body><script>fetch("/api/secured")</script></body></html>',
          ),
          fileName: 'referral.pdf',
          contentType: 'application/pdf',
        },
        withType(),
      ),
    status: 415,
    key: 'message.attachment_unsafe_content',
  },
  {
    name: 'a polyglot: a PDF with HTML after %%EOF beyond the first 4 KiB',
    body: () =>
      uploadBody(
        {
          bytes: Buffer.concat([
            pdfBytes('Referral', 'x'.repeat(5000)),
            Buffer.from('<div>not html markers but data</div>'),
          ]),
          fileName: 'referral.pdf',
          contentType: 'application/pdf',
        },
        withType(),
      ),
    status: 415,
    key: 'message.attachment_unsafe_content',
  },
  {
    name: 'a PDF with a JavaScript action',
    body: () =>
      uploadBody(
        {
          bytes: Buffer.from(
            pdfBytes()
              .toString('latin1')
              .replace(
                '/Type /Catalog',
                '/Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >>',
              ),
            'latin1',
          ),
          fileName: 'r.pdf',
          contentType: 'application/pdf',
        },
        withType(),
      ),
    status: 415,
    key: 'message.attachment_unsafe_content',
  },
  {
    name: 'a polyglot: a JPEG with a ZIP archive after it',
    body: () =>
      uploadBody(
        {
          bytes: Buffer.concat([jpegBytes(), zipTail()]),
          fileName: 'photo.jpg',
          contentType: 'image/jpeg',
        },
        withType(),
      ),
    status: 415,
    key: 'message.attachment_unsafe_content',
  },
  {
    name: 'a PNG with data after IEND',
    body: () =>
      uploadBody(
        {
          bytes: Buffer.concat([pngBytes(), Buffer.from('trailing bytes')]),
          fileName: 'a.png',
          contentType: 'image/png',
        },
        withType(),
      ),
    status: 415,
    key: 'message.attachment_unsafe_content',
  },
  {
    name: 'a PNG with a script in a text chunk',
    body: () =>
      uploadBody(
        {
          bytes: pngBytes(2, 2, { textChunk: '<script>alert(1)</script>' }),
          fileName: 'a.png',
          contentType: 'image/png',
        },
        withType(),
      ),
    status: 415,
    key: 'message.attachment_unsafe_content',
  },
  {
    name: 'a null byte in the name',
    body: () =>
      uploadBody(
        { bytes: pdfBytes(), fileName: 'referral.pdf\u0000.png', contentType: 'application/pdf' },
        withType(),
      ),
    status: 400,
    key: 'message.attachment_invalid_name',
  },
  {
    name: 'a null byte in the RFC 5987 name',
    body: () =>
      uploadBody(
        {
          bytes: pdfBytes(),
          fileName: 'referral.pdf',
          encodedName: 'referral%00.pdf',
          contentType: 'application/pdf',
        },
        withType(),
      ),
    status: 400,
    key: 'message.attachment_invalid_name',
  },
  {
    name: 'path parts in the name',
    body: () =>
      uploadBody(
        { bytes: pdfBytes(), fileName: '../../etc/referral.pdf', contentType: 'application/pdf' },
        withType(),
      ),
    status: 400,
    key: 'message.attachment_invalid_name',
  },
  {
    name: 'a Windows path in the name',
    body: () =>
      uploadBody(
        {
          bytes: pdfBytes(),
          fileName: 'C:\\Users\\me\\referral.pdf',
          contentType: 'application/pdf',
        },
        withType(),
      ),
    status: 400,
    key: 'message.attachment_invalid_name',
  },
  {
    name: 'a right-to-left override in the name',
    body: () =>
      uploadBody(
        {
          bytes: pdfBytes(),
          fileName: 'x.pdf',
          encodedName: 'referral%E2%80%AEfdp.pdf',
          contentType: 'application/pdf',
        },
        withType(),
      ),
    status: 400,
    key: 'message.attachment_invalid_name',
  },
  {
    name: 'a 0-byte file',
    body: () =>
      uploadBody(
        { bytes: Buffer.alloc(0), fileName: 'empty.pdf', contentType: 'application/pdf' },
        withType(),
      ),
    status: 400,
    key: 'message.attachment_empty',
  },
  {
    name: 'an oversized file (refused from Content-Length)',
    body: () =>
      uploadBody(
        {
          bytes: Buffer.alloc(DOCUMENT_LIMITS.maxFileBytes + 100 * 1024, 0x20),
          fileName: 'big.pdf',
          contentType: 'application/pdf',
        },
        withType(),
      ),
    status: 413,
    key: 'message.attachment_too_large',
  },
  {
    name: 'an oversized file (refused by the multipart file limit)',
    body: () =>
      uploadBody(
        {
          bytes: Buffer.alloc(DOCUMENT_LIMITS.maxFileBytes + 1, 0x20),
          fileName: 'big.pdf',
          contentType: 'application/pdf',
        },
        withType(),
      ),
    status: 413,
    key: 'message.attachment_too_large',
  },
  {
    name: 'a pixel flood PNG (tiny file, 100000 × 100000 in IHDR)',
    body: () =>
      uploadBody(
        {
          bytes: pngBytes(1, 1, { declared: { width: 100_000, height: 100_000 } }),
          fileName: 'flood.png',
          contentType: 'image/png',
        },
        withType(),
      ),
    status: 422,
    key: 'message.attachment_too_many_pixels',
  },
  {
    name: 'a pixel flood JPEG (65535 × 65535 in SOF0)',
    body: () =>
      uploadBody(
        {
          bytes: jpegBytes(8, 8, { declared: { width: 65_535, height: 65_535 } }),
          fileName: 'flood.jpg',
          contentType: 'image/jpeg',
        },
        withType(),
      ),
    status: 422,
    key: 'message.attachment_too_many_pixels',
  },
  {
    name: 'a type not in validReferralContentTypes (GIF)',
    body: () =>
      uploadBody(
        {
          bytes: Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;', 'latin1'),
          fileName: 'a.gif',
          contentType: 'image/gif',
        },
        withType(),
      ),
    status: 415,
    key: 'message.attachment_invalid_type',
  },
  {
    name: 'plain text',
    body: () =>
      uploadBody(
        {
          bytes: Buffer.from('Please do an MRI of the knee.'),
          fileName: 'referral.txt',
          contentType: 'text/plain',
        },
        withType(),
      ),
    status: 415,
    key: 'message.attachment_invalid_type',
  },
  {
    name: 'two files',
    body: () =>
      multipart([
        { name: 'documentTypeId', value: '0' },
        {
          name: 'file',
          file: { bytes: pdfBytes(), fileName: 'a.pdf', contentType: 'application/pdf' },
        },
        {
          name: 'file',
          file: { bytes: pdfBytes(), fileName: 'b.pdf', contentType: 'application/pdf' },
        },
      ]),
    status: 400,
    key: 'message.attachment_one_file_only',
  },
  {
    name: 'no file',
    body: () => multipart([{ name: 'documentTypeId', value: '0' }]),
    status: 400,
    key: 'message.attachment_file_missing',
  },
  {
    name: 'a truncated multipart body',
    body: () => {
      const whole = uploadBody(
        { bytes: pdfBytes(), fileName: 'a.pdf', contentType: 'application/pdf' },
        withType(),
      );
      return { ...whole, payload: whole.payload.subarray(0, whole.payload.length - 40) };
    },
    status: 400,
    key: 'message.bad_request',
  },
  {
    name: 'a body that is not multipart',
    body: () => ({
      payload: Buffer.from(JSON.stringify({ documentTypeId: 0 })),
      headers: { 'content-type': 'application/json' },
    }),
    status: 400,
    key: 'message.attachment_file_missing',
  },
  {
    name: 'an unknown document type',
    body: () =>
      uploadBody(
        { bytes: pdfBytes(), fileName: 'a.pdf', contentType: 'application/pdf' },
        { documentTypeId: 99999 },
      ),
    status: 400,
    key: 'message.attachment_invalid_document_type',
  },
  {
    name: 'an exam that is not of the booking',
    body: () =>
      uploadBody(
        { bytes: pdfBytes(), fileName: 'a.pdf', contentType: 'application/pdf' },
        withType({ examSlug: 'ct-head' }),
      ),
    status: 400,
    key: 'message.attachment_invalid_exam',
  },
];

/** Puts the referral type id where the corpus says 0. */
function withReferralType(body: { payload: Buffer; headers: Record<string, string> }) {
  const marker = Buffer.from('name="documentTypeId"\r\n\r\n0\r\n', 'latin1');
  const at = body.payload.indexOf(marker);
  if (at < 0) return body;
  const replacement = Buffer.from(`name="documentTypeId"\r\n\r\n${referralType}\r\n`, 'latin1');
  return {
    ...body,
    payload: Buffer.concat([
      body.payload.subarray(0, at),
      replacement,
      body.payload.subarray(at + marker.length),
    ]),
  };
}

describe('the bad-file corpus: refused with a 4xx and a message key, nothing stored', () => {
  let mine: Awaited<ReturnType<typeof booking>>;
  beforeAll(async () => {
    mine = await booking();
    // One good document first, so "nothing stored" also means "nothing lost".
    expect((await upload(mine.slug, mine.cookies, referralPdf())).statusCode).toBe(201);
  });

  it.each(corpus)('R-5-11 refuses $name', async ({ body, status, key }) => {
    const filesBefore = await files();
    const res = await upload(mine.slug, mine.cookies, withReferralType(body()));
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ statusCode: status, message: key });
    expect(await rows(mine.bookingKey)).toBe(1);
    expect(await files()).toEqual(filesBefore);
    expect(await lastAudit(mine.bookingKey)).toMatchObject({
      action: 'upload',
      outcome: 'refused',
      status,
      message_key: key,
    });
  });

  it.each(corpus.filter((bad) => bad.key !== 'message.attachment_file_missing'))(
    'refuses $name as a replacement too, keeping the old file',
    async ({ body, status, key }) => {
      const list = await app.inject({
        method: 'GET',
        url: `${base(mine.slug)}/response`,
        cookies: mine.cookies,
      });
      const [kept] = list.json<AttachmentsResponse>().attachments;
      const filesBefore = await files();
      const res = await upload(mine.slug, mine.cookies, withReferralType(body()), 'PUT', kept?.id);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(key);
      expect(await files()).toEqual(filesBefore);
      const download = await app.inject({
        method: 'GET',
        url: `${base(mine.slug)}/${kept?.id}/download`,
        cookies: mine.cookies,
      });
      expect(download.rawPayload.equals(pdfBytes())).toBe(true);
    },
  );

  it('answers 413 from Content-Length alone, before the body is sent (real socket)', async () => {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    const token = mine.cookies[SESSION_COOKIE_NAME] as string;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port: Number(port) });
      let received = '';
      socket.setTimeout(5000, () => {
        socket.destroy();
        reject(new Error(`no answer; got ${received}`));
      });
      socket.on('data', (chunk) => {
        received += chunk.toString('latin1');
        // The answer arrives although not one byte of the 40 MB body was sent.
        if (received.includes('\r\n\r\n') && received.includes('}')) {
          socket.destroy();
          resolve(received);
        }
      });
      socket.on('error', reject);
      socket.write(
        `POST ${base(mine.slug)} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          `Cookie: ${SESSION_COOKIE_NAME}=${token}\r\n` +
          'Content-Type: multipart/form-data; boundary=x\r\n' +
          `Content-Length: ${DOCUMENT_LIMITS.maxFileBytes * 4}\r\n\r\n`,
      );
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(answer).toContain('message.attachment_too_large');
    expect(await rows(mine.bookingKey)).toBe(1);
    expect(await lastAudit(mine.bookingKey)).toMatchObject({ action: 'upload', status: 413 });
  });

  it('R-1-15 refuses the 11th document of a booking with 409 message.attachment_limit_reached', async () => {
    const full = await booking();
    for (let i = 0; i < DOCUMENT_LIMITS.maxFiles; i += 1) {
      const res = await upload(full.slug, full.cookies, referralPdf(`page-${i}.pdf`));
      expect(res.statusCode, res.body).toBe(201);
    }
    const filesBefore = await files();
    const res = await upload(full.slug, full.cookies, referralPdf('one-too-many.pdf'));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('message.attachment_limit_reached');
    expect(await rows(full.bookingKey)).toBe(DOCUMENT_LIMITS.maxFiles);
    expect(await files()).toEqual(filesBefore);
  });

  it('keeps the limit under concurrent uploads', async () => {
    const racing = await booking();
    const answers = await Promise.all(
      Array.from({ length: DOCUMENT_LIMITS.maxFiles + 4 }, (_, i) =>
        upload(racing.slug, racing.cookies, referralPdf(`r-${i}.pdf`)),
      ),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(DOCUMENT_LIMITS.maxFiles);
    expect(codes.filter((code) => code === 409)).toHaveLength(4);
    expect(await rows(racing.bookingKey)).toBe(DOCUMENT_LIMITS.maxFiles);
  });
});

describe('ownership', () => {
  let mine: Awaited<ReturnType<typeof booking>>;
  let theirs: Awaited<ReturnType<typeof booking>>;
  let id: number;
  beforeAll(async () => {
    mine = await booking();
    theirs = await booking();
    id = (await upload(mine.slug, mine.cookies, referralPdf())).json<Attachment>().id;
  });

  it('R-6-05 answers 401 without a session on every attachment route', async () => {
    const calls: [string, string][] = [
      ['GET', `${base(mine.slug)}/response`],
      ['POST', base(mine.slug)],
      ['PUT', `${base(mine.slug)}/${id}`],
      ['DELETE', `${base(mine.slug)}/${id}`],
      ['POST', `${base(mine.slug)}/imported`],
      ['GET', `${base(mine.slug)}/${id}/download`],
      ['GET', `${base(mine.slug)}/${id}/view`],
      ['GET', '/api/secured/booking_requests/x/attachments/response'],
      ['GET', '/api/secured/booking_requests/x/download'],
    ];
    for (const [method, url] of calls) {
      const res = await app.inject({
        method: method as 'GET',
        url,
        ...(method === 'POST' || method === 'PUT' ? referralPdf() : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().message).toBe('message.unauthorized');
    }
    const { rows: audit } = await db.query<{ action: string; n: number }>(
      `SELECT action, count(*)::int AS n FROM document_audit
       WHERE owner_slug = $1 AND status = 401 AND outcome = 'refused' AND actor_kind = 'session'
         AND session_hash IS NULL AND message_key = 'message.unauthorized'
       GROUP BY action ORDER BY action`,
      [mine.slug],
    );
    expect(audit).toEqual([
      { action: 'delete', n: 1 },
      { action: 'download', n: 1 },
      { action: 'imported', n: 1 },
      { action: 'list', n: 1 },
      { action: 'replace', n: 1 },
      { action: 'upload', n: 1 },
      { action: 'view', n: 1 },
    ]);
  });

  it("R-6-05 another booking's session cannot list, read, replace, delete or mark imported (403)", async () => {
    const other = theirs.cookies;
    const calls = [
      app.inject({ method: 'GET', url: `${base(mine.slug)}/response`, cookies: other }),
      app.inject({ method: 'GET', url: `${base(mine.slug)}/${id}/download`, cookies: other }),
      app.inject({ method: 'GET', url: `${base(mine.slug)}/${id}/view`, cookies: other }),
      upload(mine.slug, other, referralPdf('evil.pdf'), 'PUT', id),
      upload(mine.slug, other, referralPdf('evil.pdf')),
      app.inject({ method: 'DELETE', url: `${base(mine.slug)}/${id}`, cookies: other }),
      app.inject({ method: 'POST', url: `${base(mine.slug)}/imported`, cookies: other }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe('message.forbidden');
    }
    // Through their own slug, my document's id does not exist for them.
    for (const res of await Promise.all([
      app.inject({ method: 'GET', url: `${base(theirs.slug)}/${id}/download`, cookies: other }),
      upload(theirs.slug, other, referralPdf('evil.pdf'), 'PUT', id),
      app.inject({ method: 'DELETE', url: `${base(theirs.slug)}/${id}`, cookies: other }),
    ])) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('message.attachment_not_found');
    }
    expect(await rows(mine.bookingKey)).toBe(1);
    expect(await rows(theirs.bookingKey)).toBe(0);
    const download = await app.inject({
      method: 'GET',
      url: `${base(mine.slug)}/${id}/download`,
      cookies: mine.cookies,
    });
    expect(download.rawPayload.equals(pdfBytes())).toBe(true);
    expect(await lastAudit(null)).toMatchObject({ action: 'download', outcome: 'ok' });
    const { rows: refused } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM document_audit WHERE owner_slug = $1 AND outcome = 'refused' AND status = 403`,
      [mine.slug],
    );
    expect(refused[0]?.n).toBe(7);
  });

  it('writes who, what, which document, when (UTC) and the outcome of every read', async () => {
    const started = Date.now();
    const res = await app.inject({
      method: 'GET',
      url: `${base(mine.slug)}/${id}/view`,
      cookies: mine.cookies,
    });
    expect(res.statusCode).toBe(200);
    const audit = await lastAudit(mine.bookingKey);
    const token = mine.cookies[SESSION_COOKIE_NAME] as string;
    expect(audit).toMatchObject({
      action: 'view',
      outcome: 'ok',
      status: 200,
      owner_kind: 'appointment',
      document_id: id,
      session_hash: createHash('sha256').update(token).digest('base64url'),
    });
    expect(audit?.at.getTime()).toBeGreaterThanOrEqual(started - 5000);
  });
});
