import { describe, expect, it } from 'vitest';
import { initialUploadState, isRetryableStatus, percentOf, uploadReducer } from './upload-state';

describe('upload control states', () => {
  it('R-5-13: a refused type leaves nothing in progress', () => {
    expect(uploadReducer(initialUploadState, { type: 'refused' })).toEqual({ status: 'invalid' });
  });

  it('progress runs from the start to the end of one upload', () => {
    let state = uploadReducer(initialUploadState, {
      type: 'started',
      fileName: 'referral.pdf',
      size: 1000,
    });
    state = uploadReducer(state, { type: 'progressed', loaded: 250, total: 0 });
    expect(state).toEqual({
      status: 'uploading',
      fileName: 'referral.pdf',
      loaded: 250,
      total: 1000,
    });
    state = uploadReducer(state, { type: 'succeeded', replaced: true });
    expect(state).toEqual({ status: 'done', fileName: 'referral.pdf', replaced: true });
    // A late progress event after the end changes nothing.
    expect(uploadReducer(state, { type: 'progressed', loaded: 1, total: 1 })).toBe(state);
  });

  it('a failure keeps the file name and says whether a retry can help', () => {
    const uploading = uploadReducer(initialUploadState, {
      type: 'started',
      fileName: 'a.png',
      size: 1,
    });
    expect(
      uploadReducer(uploading, {
        type: 'failed',
        messageKey: 'upload.network_error',
        retryable: true,
      }),
    ).toEqual({
      status: 'failed',
      fileName: 'a.png',
      messageKey: 'upload.network_error',
      retryable: true,
    });
    expect(uploadReducer(uploading, { type: 'cancelled' })).toEqual({
      status: 'cancelled',
      fileName: 'a.png',
    });
  });

  it('percent and retry rules', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(5, 0)).toBe(0);
    expect(percentOf(9, 3)).toBe(100);
    expect(isRetryableStatus(0)).toBe(true);
    expect(isRetryableStatus(503)).toBe(true);
    expect(isRetryableStatus(413)).toBe(false);
    expect(isRetryableStatus(415)).toBe(false);
  });
});
