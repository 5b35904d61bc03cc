import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Attachment, AttachmentsResponse } from '../contract/attachments';
import { createFakeFetch, errorResponse, jsonResponse, type FakeFetch } from '../api/testing';

/** A plain recorder, not vi.fn: a spy also watches the promise it returns and reports a rejection as unhandled. */
const sent: unknown[][] = [];
let answer: () => Promise<unknown> = () => Promise.resolve(undefined);
vi.mock('../api/upload', () => ({
  sendDocument: (...args: unknown[]) => {
    sent.push(args);
    return answer();
  },
}));

const item = (id: number, documentTypeId: number, fileName: string): Attachment => ({
  id,
  attachmentId: id,
  fileName,
  contentType: 'application/pdf',
  size: 10,
  documentTypeId,
  documentType: { title: 'Referral', description: '' },
  slug: 'mri-knee',
  examIds: [1],
  groupNames: [],
  uploadedDocument: { id, fileName },
  additional: false,
  uploadedAt: '2026-11-22T00:00:00Z',
  downloadUrl: `/x/${id}/download`,
  viewUrl: `/x/${id}/view`,
});

const referral = item(1, 10, 'referral.pdf');
const extra = item(2, 20, 'old-report.pdf');
const RESPONSE: AttachmentsResponse = {
  exams: [
    {
      examId: 1,
      slug: 'mri-knee',
      name: 'MRI Knee',
      groupName: null,
      examDocumentTypes: [
        {
          documentTypeId: 10,
          documentType: { title: 'Referral', description: '' },
          required: true,
          attachments: [referral],
        },
      ],
    },
  ],
  attachments: [referral, extra],
  documentTypes: [
    { id: 20, code: 'report', title: 'Report', description: '', isReferral: false },
    { id: 10, code: 'referral', title: 'Referral', description: '', isReferral: true },
  ],
  requiredReferralUploaded: true,
  limits: { validContentTypes: ['application/pdf'], maxFileBytes: 1, maxFiles: 1, maxPixels: 1 },
};

const OWNER = { kind: 'appointment', slug: 'apt-1' } as const;
let fetch: FakeFetch;

async function fresh(respond: () => Response) {
  fetch = createFakeFetch(respond);
  vi.stubGlobal('fetch', fetch);
  vi.resetModules();
  return import('./attachments.store');
}

beforeEach(() => {
  sent.length = 0;
  answer = () => Promise.resolve(referral);
});
afterEach(() => vi.unstubAllGlobals());

describe('attachments store', () => {
  it('R-7-calls-08: loads the documents of an owner, grouped as the server sends them', async () => {
    const store = await fresh(() => jsonResponse(RESPONSE));
    await store.loadAttachments(OWNER);
    expect(fetch.calls[0]?.url).toContain('/api/secured/appointments/apt-1/attachments/response');
    const load = store.$attachments.get()['appointment:apt-1'];
    expect(load).toEqual({ state: 'loaded', value: RESPONSE });
  });

  it('a failed load keeps the translated message key', async () => {
    const store = await fresh(() => errorResponse(403, 'message.access_denied'));
    await store.loadAttachments(OWNER);
    const load = store.$attachments.get()['appointment:apt-1'];
    expect(load?.state === 'failed' && load.error.messageKey).toBe('message.access_denied');
    expect(load?.state === 'failed' && load.error.status).toBe(403);
  });

  it('R-4-upload-02: a replacement goes out with the document id, a new document without; the list is reloaded', async () => {
    const store = await fresh(() => jsonResponse(RESPONSE));
    const file = new File(['%PDF'], 'referral.pdf', { type: 'application/pdf' });
    const options = { onProgress: () => undefined, signal: new AbortController().signal };
    await store.submitDocument(OWNER, { documentTypeId: 10 }, 1, file, options);
    await store.submitDocument(OWNER, { documentTypeId: 10 }, null, file, options);
    expect(sent.map((call) => (call[2] as { attachmentId: number | null }).attachmentId)).toEqual([
      1,
      null,
    ]);
    expect(sent[0]?.[1]).toMatchObject({
      documentTypeId: 10,
      file,
      fileName: 'referral.pdf',
    });
    await vi.waitFor(() => expect(fetch.calls.length).toBe(2));
  });

  it('a refused upload rejects with the server error and reloads nothing', async () => {
    const store = await fresh(() => jsonResponse(RESPONSE));
    const refusal = { status: 415, messageKey: 'message.attachment_invalid_type' };
    answer = () => Promise.reject(refusal);
    const file = new File(['x'], 'x.pdf');
    const outcome = await store
      .submitDocument(OWNER, { documentTypeId: 10 }, null, file, {
        onProgress: () => undefined,
        signal: new AbortController().signal,
      })
      .then(
        () => 'stored',
        (error: unknown) => error,
      );
    expect(outcome).toBe(refusal);
    expect(fetch.calls).toHaveLength(0);
  });

  it('those listening (the chat) hear of each document stored, not of a refused one, until they stop', async () => {
    const store = await fresh(() => jsonResponse(RESPONSE));
    const heard: string[] = [];
    const stop = store.onDocumentSent((file) => heard.push(file.name));
    const options = { onProgress: () => undefined, signal: new AbortController().signal };
    await store.submitDocument(
      OWNER,
      { documentTypeId: 10 },
      null,
      new File(['a'], 'a.pdf'),
      options,
    );
    answer = () => Promise.reject({ status: 415, messageKey: 'message.attachment_invalid_type' });
    await store
      .submitDocument(OWNER, { documentTypeId: 10 }, null, new File(['b'], 'b.pdf'), options)
      .catch(() => undefined);
    answer = () => Promise.resolve(referral);
    stop();
    await store.submitDocument(
      OWNER,
      { documentTypeId: 10 },
      null,
      new File(['c'], 'c.pdf'),
      options,
    );
    expect(heard).toEqual(['a.pdf']);
  });

  it('R-7-calls-11: delete sends no payload and reloads the list', async () => {
    const store = await fresh(() =>
      fetch.calls.length === 1 ? new Response(null, { status: 204 }) : jsonResponse(RESPONSE),
    );
    await store.removeAttachment(OWNER, 2);
    expect(fetch.calls[0]).toMatchObject({ method: 'DELETE' });
    expect(fetch.calls[0]?.url).toContain('/api/secured/appointments/apt-1/attachments/2');
    expect(fetch.calls[0]?.init.body).toBeUndefined();
    expect(store.$attachments.get()['appointment:apt-1']?.state).toBe('loaded');
  });

  it('referrals, the referral type and the documents of no exam', async () => {
    const store = await fresh(() => jsonResponse(RESPONSE));
    expect(store.referralsOf(RESPONSE)).toEqual([referral]);
    expect(store.referralTypeId(RESPONSE)).toBe(10);
    expect(store.referralTypeId({ ...RESPONSE, documentTypes: [] })).toBeNull();
    expect(store.generalAttachments(RESPONSE)).toEqual([extra]);
    expect(store.ownerKey({ kind: 'booking', bookingKey: 'K' })).toBe('booking:K');
  });
});
