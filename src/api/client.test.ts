import { describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClientOptions } from './client';
import { ApiError } from './errors';
import { createFakeFetch, errorResponse, jsonResponse, never, type Responder } from './testing';

const NO_WAIT = { baseDelayMs: 0, maxDelayMs: 0 };

function client(responder: Responder, options: Omit<ApiClientOptions, 'fetch'> = {}) {
  const fetch = createFakeFetch(responder);
  const api = createApiClient({ retry: NO_WAIT, ...options, fetch });
  return { api, fetch };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('API client: requests', () => {
  it('R-7-calls-01: paths start with /api on the same origin by default, with credentials', async () => {
    const { api, fetch } = client(() => jsonResponse({ ok: true }));
    await expect(api('/api/config/portal')).resolves.toEqual({ ok: true });
    expect(fetch.calls[0]?.url).toBe('/api/config/portal');
    expect(fetch.calls[0]?.init.credentials).toBe('include');
  });

  it('the base URL is read before every call, so an api-base set later applies', async () => {
    let base = '';
    const { api, fetch } = client(() => jsonResponse({}), { baseURL: () => base });
    await api('/api/config/portal');
    base = 'https://provider.example';
    await api('/api/config/portal');
    expect(fetch.calls.map((call) => call.url)).toEqual([
      '/api/config/portal',
      'https://provider.example/api/config/portal',
    ]);
  });
});

describe('API client: bodies and answers', () => {
  it('a plain object goes as JSON; FormData goes as it is, with its own content type', async () => {
    const { api, fetch } = client(() => jsonResponse({}));
    await api('/api/booking/appointments', { method: 'POST', body: { bookingKey: 'k' } });
    const form = new FormData();
    await api('/api/secured/attachments', { method: 'POST', body: form });
    const [json, multipart] = fetch.calls;
    expect(json?.init.body).toBe('{"bookingKey":"k"}');
    expect(new Headers(json?.init.headers).get('content-type')).toBe('application/json');
    expect(multipart?.init.body).toBe(form);
    expect(new Headers(multipart?.init.headers).has('content-type')).toBe(false);
  });

  it('an empty answer is undefined, text stays text, and query values left undefined are not sent', async () => {
    const { api, fetch } = client((request) =>
      request.url.includes('terms')
        ? new Response('<p>Terms</p>')
        : new Response(null, { status: 204 }),
    );
    await expect(api('/api/logout', { method: 'POST' })).resolves.toBeUndefined();
    await expect(api('/api/config/terms', { responseType: 'text' })).resolves.toBe('<p>Terms</p>');
    await api('/api/booking/exams', {
      query: { modalityId: '3', bodyPart: undefined, q: 'a&b c' },
    });
    expect(fetch.calls[2]?.url).toBe('/api/booking/exams?modalityId=3&q=a%26b%20c');
  });
});

describe('API client: 401 (R-7-http-03, R-6-09)', () => {
  it('a 401 from a secured call triggers the client logout', async () => {
    const onUnauthorized = vi.fn();
    const { api } = client(() => errorResponse(401, 'message.unauthorized', 'Unauthorized'), {
      onUnauthorized,
    });
    const error = await failure(api('/api/secured/appointments/42/attachments/response'));
    expect(error.status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('a 401 from the authenticated-status call does not log out', async () => {
    const onUnauthorized = vi.fn();
    const { api } = client(() => errorResponse(401, 'message.unauthorized'), {
      onUnauthorized,
      baseURL: 'https://provider.example',
    });
    await failure(api('/api/authenticated'));
    await failure(api('/api/authenticated', { query: { flag: 'true' } }));
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('a 401 from the logout call itself does not start another logout', async () => {
    const onUnauthorized = vi.fn();
    const { api } = client(() => errorResponse(401, 'message.unauthorized'), { onUnauthorized });
    await failure(api('/api/logout', { method: 'POST' }));
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('a failing logout handler does not hide the 401 from the caller', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const onUnauthorized = vi.fn(() => Promise.reject(new Error('offline')));
    const { api } = client(() => errorResponse(401, 'message.unauthorized'), { onUnauthorized });
    expect((await failure(api('/api/secured/x'))).status).toBe(401);
    await Promise.resolve();
    warn.mockRestore();
  });
});

describe('API client: error bodies (R-7-http-02, R-8-20, R-8-21)', () => {
  it('a JSON error body that arrives as a Blob is parsed into the error data', async () => {
    const { api } = client(() => errorResponse(404, 'message.not_found', 'Not Found'));
    const error = await failure(
      api('/api/secured/booking_requests/7/download', { responseType: 'blob' }),
    );
    expect(error.data).toEqual({
      statusCode: 404,
      message: 'message.not_found',
      error: 'Not Found',
    });
    expect(error.messageKey).toBe('message.not_found');
  });

  it('a 4xx shows the server message key', async () => {
    const { api } = client(() => errorResponse(400, 'message.authentication_error', 'Bad Request'));
    const error = await failure(api('/api/authentication', { method: 'POST', body: {} }));
    expect(error.messageKey).toBe('message.authentication_error');
  });

  it('a 500 shows the message for its status, a 505 the general one', async () => {
    const { api } = client((request) =>
      errorResponse(request.url.endsWith('500') ? 500 : 505, 'message.authentication_error'),
    );
    expect((await failure(api('/api/x/500'))).messageKey).toBe('message.error_status_500');
    expect((await failure(api('/api/x/505'))).messageKey).toBe('message.error_general');
  });

  it('a network failure is an ApiError of status 0 with the general message', async () => {
    const { api } = client(() => {
      throw new TypeError('fetch failed');
    });
    const error = await failure(api('/api/x', { method: 'POST' }));
    expect(error.status).toBe(0);
    expect(error.messageKey).toBe('message.error_general');
    expect(error.cause).toBeInstanceOf(TypeError);
  });
});

describe('API client: retries (R-7-http-04)', () => {
  it('a GET answered 503 is retried up to 10 times, then fails with message.error_status_503', async () => {
    const { api, fetch } = client(() => errorResponse(503, 'message.unavailable'));
    const error = await failure(api('/api/config/portal'));
    expect(fetch.calls).toHaveLength(11);
    expect(error.status).toBe(503);
    expect(error.messageKey).toBe('message.error_status_503');
  });

  it('a GET that recovers after two 503s succeeds', async () => {
    const { api, fetch } = client((_request, index) =>
      index < 2 ? errorResponse(503, 'message.unavailable') : jsonResponse({ ok: true }),
    );
    await expect(api('/api/config/portal')).resolves.toEqual({ ok: true });
    expect(fetch.calls).toHaveLength(3);
  });

  it('a GET that gets no response is retried up to 10 times', async () => {
    const { api, fetch } = client(() => {
      throw new TypeError('fetch failed');
    });
    expect((await failure(api('/api/config/portal'))).status).toBe(0);
    expect(fetch.calls).toHaveLength(11);
  });

  it.each(['PUT', 'DELETE'])('an idempotent %s is retried on 502', async (method) => {
    const { api, fetch } = client((_request, index) =>
      index === 0 ? errorResponse(502, 'message.bad_gateway') : jsonResponse({}),
    );
    await api('/api/secured/appointments/1/attachments/2', { method });
    expect(fetch.calls).toHaveLength(2);
  });

  it.each(['POST', 'PATCH'])(
    'a %s is never retried, even on 503 or a network failure',
    async (method) => {
      const answered = client(() => errorResponse(503, 'message.unavailable'));
      await failure(answered.api('/api/appointments', { method, body: { a: 1 } }));
      expect(answered.fetch.calls).toHaveLength(1);

      const unanswered = client(() => {
        throw new TypeError('fetch failed');
      });
      await failure(unanswered.api('/api/appointments', { method, body: { a: 1 } }));
      expect(unanswered.fetch.calls).toHaveLength(1);
    },
  );

  it('R-7-http-04 a POST with an Idempotency-Key is sent again after a network failure, with the same key', async () => {
    const { api, fetch } = client((_request, index) => {
      if (index === 0) throw new TypeError('fetch failed');
      return jsonResponse({ slug: 'a' });
    });
    const headers = { 'Idempotency-Key': 'same-key-each-time-1' };
    await api('/api/booking/appointments', { method: 'POST', body: { a: 1 }, headers });
    expect(fetch.calls).toHaveLength(2);
    const keys = fetch.calls.map((call) => new Headers(call.init.headers).get('idempotency-key'));
    expect(keys).toEqual(['same-key-each-time-1', 'same-key-each-time-1']);
  });

  it.each([400, 401, 404, 500])('a GET answered %i is not retried', async (status) => {
    const { api, fetch } = client(() => errorResponse(status, 'message.bad_request'));
    await failure(api('/api/config/portal'));
    expect(fetch.calls).toHaveLength(1);
  });

  it('the retry count is configurable', async () => {
    const { api, fetch } = client(() => errorResponse(504, 'message.timeout'), {
      retry: { ...NO_WAIT, retries: 2 },
    });
    await failure(api('/api/config/portal'));
    expect(fetch.calls).toHaveLength(3);
  });

  it('waits the back-off between attempts', async () => {
    vi.useFakeTimers();
    try {
      const { api, fetch } = client(
        (_request, index) =>
          index < 2 ? errorResponse(503, 'message.unavailable') : jsonResponse({}),
        { retry: { baseDelayMs: 200, maxDelayMs: 5000, random: () => 1 } },
      );
      const call = api('/api/config/portal');
      await vi.advanceTimersByTimeAsync(199);
      expect(fetch.calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetch.calls).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(400);
      expect(fetch.calls).toHaveLength(3);
      await expect(call).resolves.toEqual({});
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('API client: cancellation (R-7-http-01)', () => {
  it('an aborted call rejects with an AbortError and is not retried', async () => {
    const { api, fetch } = client(() => never());
    const controller = new AbortController();
    const call = api('/api/clinic_appointments', { signal: controller.signal });
    await Promise.resolve();
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(fetch.calls).toHaveLength(1);
  });

  it('cancelling during the back-off rejects at once', async () => {
    const { api, fetch } = client(() => errorResponse(503, 'message.unavailable'), {
      retry: { baseDelayMs: 60_000, maxDelayMs: 60_000 },
    });
    const controller = new AbortController();
    const call = api('/api/clinic_appointments', { signal: controller.signal });
    await vi.waitFor(() => expect(fetch.calls).toHaveLength(1));
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(fetch.calls).toHaveLength(1);
  });
});
