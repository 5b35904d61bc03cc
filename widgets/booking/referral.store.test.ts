import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Attachment, AttachmentsResponse } from '../../src/contract/attachments';
import { jsonResponse, type FakeFetch } from '../../src/api/testing';
import { callsTo, stubBookingApi } from './test-api';

/** A plain recorder of the progress upload (src/api/upload uses XMLHttpRequest, absent in Node). */
const sent: unknown[][] = [];
vi.mock('../../src/api/upload', () => ({
  sendDocument: (...args: unknown[]) => {
    sent.push(args);
    return Promise.resolve(stored);
  },
}));

const stored: Attachment = {
  id: 7,
  attachmentId: 7,
  fileName: 'referral.pdf',
  contentType: 'application/pdf',
  size: 10,
  documentTypeId: 10,
  documentType: { title: 'Referral', description: '' },
  slug: 'mri-knee',
  examIds: [1],
  groupNames: [],
  uploadedDocument: { id: 7, fileName: 'referral.pdf' },
  additional: false,
  uploadedAt: '2026-11-22T00:00:00Z',
  downloadUrl: '/d',
  viewUrl: '/v',
};

const documents = (attachments: Attachment[]): AttachmentsResponse => ({
  exams: [],
  attachments,
  documentTypes: [
    { id: 20, code: 'report', title: 'Report', description: '', isReferral: false },
    { id: 10, code: 'referral', title: 'Referral', description: '', isReferral: true },
  ],
  requiredReferralUploaded: attachments.length > 0,
  limits: { validContentTypes: ['application/pdf'], maxFileBytes: 1, maxFiles: 5, maxPixels: 1 },
});

let fetch: FakeFetch;
const DOCUMENTS = 'GET /api/booking/documents';
const file = new File(['%PDF-1.4'], 'referral.pdf', { type: 'application/pdf' });
const options = () => ({ onProgress: () => undefined, signal: new AbortController().signal });

async function fresh(search: string, existing: Attachment[] = []) {
  fetch = stubBookingApi({ [DOCUMENTS]: () => jsonResponse(documents(existing)) });
  vi.resetModules();
  const booking = await import('./booking.store');
  const referral = await import('./referral.store');
  booking.syncFromHost('/booking', search);
  return { booking, referral };
}

beforeEach(() => {
  sent.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

describe('referral of a booking in progress', () => {
  it('R-4-upload-01, R-7-calls-32: a flow without a booking key gets one first; the referral goes to it as a new document', async () => {
    const { booking, referral } = await fresh('?examSlug=mri-knee');
    await referral.submitBookingReferral(file, options());
    expect(callsTo(fetch, 'POST /api/booking/booking_key')).toHaveLength(1);
    const key = booking.$booking.get().params.bookingKey;
    expect(key).toBeTruthy();
    const [owner, upload, sendOptions] = sent[0] as [
      unknown,
      Record<string, unknown>,
      { attachmentId: number | null },
    ];
    expect(owner).toEqual({ kind: 'booking', bookingKey: key });
    expect(upload).toMatchObject({ documentTypeId: 10, examSlug: 'mri-knee', additional: false });
    expect(sendOptions.attachmentId).toBeNull();
    expect(
      new URL(callsTo(fetch, DOCUMENTS)[0]!.url, 'http://x').searchParams.get('examSlugs'),
    ).toBe('mri-knee');
  });

  it('R-4-upload-02: with a referral already uploaded for the key, the new file replaces it', async () => {
    const { referral } = await fresh('?examSlug=mri-knee&bookingKey=BK-1', [stored]);
    const unbind = referral.$bookingReferral.listen(() => undefined);
    await referral.loadBookingDocuments();
    expect(referral.$bookingReferral.get()?.fileName).toBe('referral.pdf');
    await referral.submitBookingReferral(file, options());
    expect(callsTo(fetch, 'POST /api/booking/booking_key')).toHaveLength(0);
    expect((sent[0]?.[2] as { attachmentId: number }).attachmentId).toBe(7);
    unbind();
  });

  it("spec 4 SET_DOCUMENT_TYPE: the documentTypeId a questionnaire outcome put in the URL is the upload's type", async () => {
    const { referral } = await fresh('?examSlug=mri-knee&bookingKey=k1&documentTypeId=20');
    await referral.submitBookingReferral(file, options());
    expect((sent[0] as [unknown, Record<string, unknown>])[1]).toMatchObject({
      documentTypeId: 20,
    });
  });

  it('a documentTypeId the provider does not have falls back to the referral type', async () => {
    const { referral } = await fresh('?examSlug=mri-knee&bookingKey=k1&documentTypeId=99');
    await referral.submitBookingReferral(file, options());
    expect((sent[0] as [unknown, Record<string, unknown>])[1]).toMatchObject({
      documentTypeId: 10,
    });
  });
});
