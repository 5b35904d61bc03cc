import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  attachmentDownloadUrl,
  attachmentViewUrl,
  bookingRequestReferralUrl,
  deleteAttachment,
  getAttachments,
  markAttachmentsImported,
  replaceAttachment,
  replaceTarget,
  uploadAttachment,
  uploadFormData,
  uploadTarget,
} from './attachments';
import type { AttachmentOwner } from '../contract/attachments';
import { setApiBase } from './client';
import { createFakeFetch, errorResponse, jsonResponse, type FakeFetch } from './testing';

let fetch: FakeFetch;

beforeEach(() => {
  fetch = createFakeFetch(() => jsonResponse({}));
  vi.stubGlobal('fetch', fetch);
});

afterEach(() => {
  setApiBase('');
  vi.unstubAllGlobals();
});

const appointment: AttachmentOwner = { kind: 'appointment', slug: 'ab c' };
const request: AttachmentOwner = { kind: 'booking_request', slug: 'br1' };
const booking: AttachmentOwner = { kind: 'booking', bookingKey: 'K'.repeat(24) };

describe('attachment URLs (R-7-calls-08..20)', () => {
  it('builds the secured and public paths, with the API base', () => {
    setApiBase('https://api.example.org/api/');
    expect(attachmentDownloadUrl(appointment, 7)).toBe(
      'https://api.example.org/api/secured/appointments/ab%20c/attachments/7/download',
    );
    expect(attachmentViewUrl(request, 8)).toBe(
      'https://api.example.org/api/secured/booking_requests/br1/attachments/8/view',
    );
    expect(attachmentViewUrl(booking, 9)).toBe(
      `https://api.example.org/api/booking/documents/9/view?bookingKey=${'K'.repeat(24)}`,
    );
    expect(bookingRequestReferralUrl('br1')).toBe(
      'https://api.example.org/api/secured/booking_requests/br1/download',
    );
    expect(uploadTarget(appointment)).toEqual({
      method: 'POST',
      url: 'https://api.example.org/api/secured/appointments/ab%20c/attachments',
    });
    expect(uploadTarget(booking).url).toBe(
      `https://api.example.org/api/booking/documents?bookingKey=${'K'.repeat(24)}`,
    );
    expect(replaceTarget(request, 3)).toEqual({
      method: 'PUT',
      url: 'https://api.example.org/api/secured/booking_requests/br1/attachments/3',
    });
  });
});

describe('uploadFormData (spec 3 "Document upload")', () => {
  it('puts the text fields first and the file last, bookingKey only for a booking in progress', () => {
    const file = new File(['%PDF-'], 'referral.pdf', { type: 'application/pdf' });
    const form = uploadFormData(booking, {
      file,
      documentTypeId: 1,
      examSlug: 'mri-knee',
      groupName: null,
      additional: false,
    });
    expect([...form.keys()]).toEqual([
      'bookingKey',
      'documentTypeId',
      'examSlug',
      'additional',
      'file',
    ]);
    expect(form.get('documentTypeId')).toBe('1');
    expect((form.get('file') as File).name).toBe('referral.pdf');
    const secured = uploadFormData(appointment, {
      file: new Blob(['x']),
      fileName: 'photo.jpg',
      documentTypeId: 2,
    });
    expect([...secured.keys()]).toEqual(['documentTypeId', 'file']);
    expect((secured.get('file') as File).name).toBe('photo.jpg');
  });
});

describe('attachment calls', () => {
  it('R-7-calls-14 sends examGroupName and changedExamSlugs', async () => {
    await getAttachments(request, { examGroupName: 'g1', changedExamSlugs: ['a', 'b'] });
    expect(fetch.calls[0]?.url).toBe(
      '/api/secured/booking_requests/br1/attachments/response?examGroupName=g1&changedExamSlugs=a,b',
    );
    await getAttachments(booking, { examSlugs: ['mri-knee'] });
    expect(fetch.calls[1]?.url).toBe(
      `/api/booking/documents?bookingKey=${'K'.repeat(24)}&examSlugs=mri-knee`,
    );
  });

  it('R-7-calls-09..12 uses POST, PUT, DELETE and an empty POST', async () => {
    const file = new Blob(['x'], { type: 'image/png' });
    await uploadAttachment(appointment, { file, documentTypeId: 1 });
    await replaceAttachment(appointment, 4, { file, documentTypeId: 1 });
    fetch = createFakeFetch(() => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    await deleteAttachment(appointment, 4);
    await markAttachmentsImported(appointment).catch(() => undefined);
    expect(fetch.calls.map((call) => [call.method, call.url])).toEqual([
      ['DELETE', '/api/secured/appointments/ab%20c/attachments/4'],
      ['POST', '/api/secured/appointments/ab%20c/attachments/imported'],
    ]);
  });

  it('carries the server message key of a refusal', async () => {
    fetch = createFakeFetch(() => errorResponse(415, 'message.attachment_type_mismatch'));
    vi.stubGlobal('fetch', fetch);
    await expect(
      uploadAttachment(appointment, { file: new Blob(['x']), documentTypeId: 1 }),
    ).rejects.toMatchObject({ status: 415, messageKey: 'message.attachment_type_mismatch' });
    expect(fetch.calls).toHaveLength(1);
  });
});
