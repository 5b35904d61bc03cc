/**
 * The only code that speaks HTTP. `createApiClient` returns an ofetch
 * instance with the portal's error policy (spec 7 "HTTP layer behaviour");
 * `api` is the shared instance the stores use.
 *
 * The policy lives in the instance's hooks, so pass no `onRequest`,
 * `onRequestError` or `onResponseError` per call: ofetch lets a per-call hook
 * replace the instance's one, and the call would lose the policy.
 */
import { ofetch, type $Fetch, type FetchContext, type FetchRequest } from 'ofetch';
import { ApiError, parseBlobErrorBody } from './errors';
import {
  backoffDelay,
  DEFAULT_RETRY,
  isIdempotent,
  isRetryable,
  RETRY_STATUSES,
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

/**
 * R-6-09: a 401 from the authenticated-status call only means "not logged
 * in" (R-4-auth-12 turns it into a login step). A 401 from the logout call
 * itself must not start another logout, or the two would loop.
 */
const NO_LOGOUT_PATHS = ['/api/authenticated', '/api/logout'];

/**
 * ofetch decides whether to retry a call that got no response as if it had
 * status 500, so 500 must be in its list; a real 500 response never gets
 * that far, because onResponseError throws first.
 */
const OFETCH_NO_RESPONSE_STATUS = 500;

function requestUrl(request: FetchRequest): string {
  return typeof request === 'string' ? request : request.url;
}

function triggersLogout(request: FetchRequest): boolean {
  let path = requestUrl(request);
  try {
    path = new URL(path, 'http://localhost').pathname;
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

export function createApiClient(options: ApiClientOptions = {}): $Fetch {
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const baseURL = options.baseURL ?? '';
  const resolveBase = typeof baseURL === 'function' ? baseURL : () => baseURL;
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  /**
   * R-7-http-04: waits the back-off and returns true when ofetch should send
   * the call again. ofetch's own delay is not abortable, so we wait here,
   * and a cancelled call rejects at once instead of after the delay.
   */
  async function waitBeforeRetry(context: FetchContext, status?: number): Promise<boolean> {
    const remaining = context.options.retry;
    if (typeof remaining !== 'number' || remaining <= 0) return false;
    if (!isRetryable(context.options.method, status, context.options.headers)) return false;
    await sleep(backoffDelay(policy.retries - remaining, policy), context.options.signal);
    return true;
  }

  return ofetch.create(
    {
      credentials: 'include',
      retry: policy.retries,
      retryDelay: 0,
      retryStatusCodes: [...RETRY_STATUSES, OFETCH_NO_RESPONSE_STATUS],
      onRequest(context) {
        context.options.baseURL = resolveBase();
        const locale = options.locale?.();
        if (locale) context.options.headers.set('accept-language', locale);
        // R-7-http-04: never send POST or PATCH twice, unless the server deduplicates it.
        if (!isIdempotent(context.options.method, context.options.headers))
          context.options.retry = false;
      },
      async onRequestError(context) {
        const signal = context.options.signal;
        // R-7-http-01: a cancelled call rejects with its AbortError, unwrapped, so callers can ignore it.
        if (signal?.aborted) throw signal.reason ?? context.error;
        if (await waitBeforeRetry(context)) return;
        throw new ApiError(0, undefined, {
          url: requestUrl(context.request),
          cause: context.error,
        });
      },
      async onResponseError(context) {
        const { response } = context;
        // R-7-http-02: blob calls get their JSON error body parsed.
        response._data = await parseBlobErrorBody(response._data);
        // R-7-http-03, R-6-09: any 401 logs the client out, except the exempt calls.
        if (response.status === 401 && triggersLogout(context.request))
          callSafely(options.onUnauthorized);
        if (await waitBeforeRetry(context, response.status)) return;
        // R-8-20, R-8-21: the error carries the translated message key.
        throw new ApiError(response.status, response._data, { url: requestUrl(context.request) });
      },
    },
    { fetch: fetchImpl },
  );
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
export const api: $Fetch = createApiClient({
  baseURL: () => apiBase,
  locale: () => requestLocale,
  onUnauthorized: () => unauthorizedHandler?.(),
});
