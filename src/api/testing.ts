/**
 * Test helper: a fake fetch that records calls and honours AbortSignal like
 * the real one. Used by unit tests of the API client and of stores; no
 * production code imports it.
 */

export interface RecordedRequest {
  url: string;
  method: string;
  init: RequestInit;
}

export type Responder = (
  request: RecordedRequest,
  callIndex: number,
) => Response | Promise<Response>;

export interface FakeFetch {
  (input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  readonly calls: RecordedRequest[];
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/** A fetch answering every call with `responder`; a thrown error becomes a network failure. */
export function createFakeFetch(responder: Responder): FakeFetch {
  const calls: RecordedRequest[] = [];
  const fake = (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const request: RecordedRequest = { url, method: (init.method ?? 'GET').toUpperCase(), init };
    const index = calls.push(request) - 1;
    const signal = init.signal;
    if (signal?.aborted) return Promise.reject(abortError(signal));
    return new Promise<Response>((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(abortError(signal)), { once: true });
      Promise.resolve()
        .then(() => responder(request, index))
        .then(resolve, reject);
    });
  };
  return Object.assign(fake, { calls });
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The reference API's error body: `{statusCode, message: '<i18n key>', error}`. */
export function errorResponse(status: number, message: string, error = 'Error'): Response {
  return jsonResponse({ statusCode: status, message, error }, status);
}

/** A response that never arrives until the call is aborted. */
export function never(): Promise<Response> {
  return new Promise<Response>(() => undefined);
}
