import { describe, expect, it } from 'vitest';
import { ApiError, errorMessageKey, parseBlobErrorBody, toApiError } from './errors';

const body = (message: string) => ({ statusCode: 400, message, error: 'Bad Request' });

describe('errorMessageKey (R-8-20, R-8-21, R-9-41)', () => {
  it.each([
    [500, 'message.error_status_500'],
    [501, 'message.error_status_501'],
    [502, 'message.error_status_502'],
    [503, 'message.error_status_503'],
    [504, 'message.error_status_504'],
    [505, 'message.error_general'],
    [599, 'message.error_general'],
  ])('status %i gives %s whatever the body says', (status, key) => {
    expect(errorMessageKey(status, body('message.authentication_error'))).toBe(key);
  });

  it.each([
    [400, 'message.authentication_error'],
    [403, 'message.access_read_only'],
    [404, 'message.not_found'],
    [429, 'message.too_many_requests'],
    [499, 'message.authentication_otp_error'],
  ])('a %i shows the message key the server sent', (status, key) => {
    expect(errorMessageKey(status, body(key))).toBe(key);
  });

  it.each([
    ['no body', undefined],
    ['a text body', 'Bad gateway'],
    ['free text instead of a key', body("body must have required property 'dateOfBirth'")],
    ['a non-string message', { statusCode: 499, message: 42 }],
  ])('a 4xx with %s gives message.error_general', (_label, data) => {
    expect(errorMessageKey(499, data)).toBe('message.error_general');
  });

  it('no response at all (status 0) gives message.error_general', () => {
    expect(errorMessageKey(0, undefined)).toBe('message.error_general');
  });
});

describe('ApiError', () => {
  it('carries status, message key and data', () => {
    const error = new ApiError(404, body('message.not_found'), { url: '/api/x' });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(error.status).toBe(404);
    expect(error.messageKey).toBe('message.not_found');
    expect(error.data).toEqual(body('message.not_found'));
    expect(error.url).toBe('/api/x');
  });

  it('toApiError wraps anything else as a status-0 general error', () => {
    const error = toApiError(new TypeError('boom'));
    expect(error.status).toBe(0);
    expect(error.messageKey).toBe('message.error_general');
    expect(error.cause).toBeInstanceOf(TypeError);
  });
});

describe('parseBlobErrorBody (R-7-http-02)', () => {
  it('parses a JSON error body that arrived as a Blob', async () => {
    const blob = new Blob([JSON.stringify(body('message.not_found'))], {
      type: 'application/json',
    });
    await expect(parseBlobErrorBody(blob)).resolves.toEqual(body('message.not_found'));
  });

  it('leaves a Blob that is not JSON, and non-Blob data, unchanged', async () => {
    const blob = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    await expect(parseBlobErrorBody(blob)).resolves.toBe(blob);
    await expect(parseBlobErrorBody({ a: 1 })).resolves.toEqual({ a: 1 });
  });
});
