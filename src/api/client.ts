/**
 * The only code that speaks HTTP. `createApiClient` returns the portal's
 * fetch with its error policy (spec 7 "HTTP layer behaviour"); `api` is the
 * shared instance the stores use. A small fetch wrapper rather than ofetch:
 * the portal needs only JSON bodies, a query, three response types and its
 * own retry policy, and ofetch with ufo and destr was 5.5 kB of every
 * element's first load (issue 15 part 4, docs/decisions.md).
 */
import { ApiError, parseBlobErrorBody } from './errors';
import {
  backoffDelay,
  DEFAULT_RETRY,
  isIdempotent,
  isRetryable,
  sleep,
  type RetryPolicy,
} from './retry';

export interface ApiClientOptions {
  /** Origin (and path prefix) of the provider's API; '' means same origin. Read before every call. */
  baseURL?: string | (() => string);
  /** The fetch to use; tests pass a fake. Defaults to the global fetch, looked up at call time. */
  fetch?: typeof globalThis.fetch;
  /** R-7-http-04: retry count and back-off; tests make the delays zero. */
  retry?: Partial<RetryPolicy>;
  /** R-7-http-03, R-6-09: called on a 401 (the user store's logOut). */
  onUnauthorized?: () => unknown;
  /** The patient's locale, sent as Accept-Language (the server writes e-mails and questionnaires in it). */
  locale?: () => string;
}

/** What every resource function accepts: R-7-http-01 needs each call to be cancellable. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** One call: a plain object or array body goes as JSON; FormData, Blob and strings as they are. */
export interface RequestOptions {
  method?: string;
  body?: unknown;
  /** Parameters left undefined are not sent. */
  query?: Record<string, string | undefined>;
  headers?: Record<string, string>;
  /** How the answer is read; JSON by default (an empty body is undefined). */
  responseType?: 'json' | 'text' | 'blob';
  signal?: AbortSignal | undefined;
}

export type ApiFetch = <T = unknown>(path: string, options?: RequestOptions) => Promise<T>;

/**
 * R-6-09: a 401 from the authenticated-status call only means "not logged
 * in" (R-4-auth-12 turns it into a login step). A 401 from the logout call
 * itself must not start another logout, or the two would loop.
 */
const NO_LOGOUT_PATHS = ['/api/authenticated', '/api/logout'];

function triggersLogout(url: string): boolean {
  let path = url;
  try {
    path = new URL(url, 'http://localhost').pathname;
  } catch {
    // Keep the raw string: the suffix test below still works on it.
  }
  return !NO_LOGOUT_PATHS.some((exempt) => path.endsWith(exempt));
}

function callSafely(handler: (() => unknown) | undefined): void {
  try {
    const result = handler?.();
    if (result instanceof Promise)
      result.catch((error: unknown) => console.warn('onUnauthorized failed', error));
  } catch (error) {
    console.warn('onUnauthorized failed', error);
  }
}

/** Commas stay readable in lists (`clinicIds=1,2`); everything else is percent-encoded. */
function encodeValue(value: string): string {
  return encodeURIComponent(value).replace(/%2C/gi, ',');
}

function withQuery(url: string, query: RequestOptions['query']): string {
  const search = Object.entries(query ?? {})
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeValue(value)}`)
    .join('&');
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

function isJsonBody(body: unknown): boolean {
  if (body === null || typeof body !== 'object') return false;
  const prototype = Object.getPrototypeOf(body) as unknown;
  return Array.isArray(body) || prototype === Object.prototype || prototype === null;
}

async function readBody(
  response: Response,
  type: RequestOptions['responseType'],
): Promise<unknown> {
  if (type === 'blob') return response.blob();
  const text = await response.text();
  if (type === 'text') return text;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createApiClient(options: ApiClientOptions = {}): ApiFetch {
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const baseURL = options.baseURL ?? '';
  const resolveBase = typeof baseURL === 'function' ? baseURL : () => baseURL;
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  /** R-7-http-04: waits the back-off and says whether to send the call again. */
  async function mayRetry(
    attempt: number,
    call: RequestOptions,
    status?: number,
  ): Promise<boolean> {
    if (attempt >= policy.retries || !isRetryable(call.method, status, call.headers)) return false;
    await sleep(backoffDelay(attempt, policy), call.signal);
    return true;
  }

  return async function request<T>(path: string, call: RequestOptions = {}): Promise<T> {
    const url = withQuery(/^https?:/.test(path) ? path : resolveBase() + path, call.query);
    const headers = new Headers(call.headers);
    const locale = options.locale?.();
    if (locale) headers.set('accept-language', locale);
    let body = call.body as BodyInit | undefined;
    if (isJsonBody(call.body)) {
      body = JSON.stringify(call.body);
      headers.set('content-type', 'application/json');
      headers.set('accept', 'application/json');
    }
    const init: RequestInit = {
      method: call.method ?? 'GET',
      credentials: 'include',
      headers,
      body,
      signal: call.signal ?? null,
    };
    // R-7-http-04: never send POST or PATCH twice, unless the server deduplicates it.
    const retries = isIdempotent(call.method, call.headers) ? policy.retries : 0;
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await fetchImpl(url, init);
      } catch (error) {
        // R-7-http-01: a cancelled call rejects with its AbortError, unwrapped, so callers can ignore it.
        if (call.signal?.aborted) throw call.signal.reason ?? error;
        if (attempt < retries && (await mayRetry(attempt, call))) continue;
        throw new ApiError(0, undefined, { url, cause: error });
      }
      if (response.ok) return (await readBody(response, call.responseType)) as T;
      // R-7-http-02: blob calls get their JSON error body parsed.
      const data = await parseBlobErrorBody(await readBody(response, call.responseType));
      // R-7-http-03, R-6-09: any 401 logs the client out, except the exempt calls.
      if (response.status === 401 && triggersLogout(url)) callSafely(options.onUnauthorized);
      if (attempt < retries && (await mayRetry(attempt, call, response.status))) continue;
      // R-8-20, R-8-21: the error carries the translated message key.
      throw new ApiError(response.status, data, { url });
    }
  };
}

let apiBase = '';
let requestLocale = '';
let unauthorizedHandler: (() => unknown) | undefined;

/**
 * Points every call at the provider's API (the `api-base` attribute of the
 * custom elements). '' is same origin. A trailing slash or a trailing `/api`
 * is dropped, because every path already starts with /api.
 */
export function setApiBase(url: string | null | undefined): void {
  apiBase = (url ?? '')
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/api$/, '');
}

export function getApiBase(): string {
  return apiBase;
}

/** The locale store sets the patient's locale here; every call then sends it as Accept-Language. */
export function setRequestLocale(locale: string): void {
  requestLocale = locale;
}

/** The user store registers its logOut here (R-7-http-03). */
export function setUnauthorizedHandler(handler: (() => unknown) | undefined): void {
  unauthorizedHandler = handler;
}

/** The shared client: same origin until setApiBase is called. */
export const api: ApiFetch = createApiClient({
  baseURL: () => apiBase,
  locale: () => requestLocale,
  onUnauthorized: () => unauthorizedHandler?.(),
});
