/**
 * How a failed call becomes something a user can read: every failure of the
 * API client is an ApiError carrying an i18n message key (spec 8).
 */

/** The key shown when nothing more specific is known. */
export const GENERAL_ERROR_KEY = 'message.error_general';

/** R-8-21, R-9-41: statuses from here up get the general message. */
const GENERAL_FROM_STATUS = 505;
const SERVER_ERROR_FROM_STATUS = 500;

/** An i18n key such as `message.authentication_error`, never free text. */
const MESSAGE_KEY = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/i;

function serverMessageKey(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const message = (body as { message?: unknown }).message;
  return typeof message === 'string' && MESSAGE_KEY.test(message) ? message : undefined;
}

/**
 * The message key for a failed response.
 * - 505 and above: message.error_general (R-8-21, R-9-41).
 * - 500 to 504: message.error_status_<status> (R-8-20, R-8-21).
 * - 4xx: the key the server put in `message`, when it is one; free text (a
 *   proxy page, a schema error) is not shown to patients, so it becomes
 *   message.error_general.
 * - anything else (network failure, status 0): message.error_general.
 */
export function errorMessageKey(status: number, body: unknown): string {
  if (status >= GENERAL_FROM_STATUS) return GENERAL_ERROR_KEY;
  if (status >= SERVER_ERROR_FROM_STATUS) return `message.error_status_${status}`;
  if (status >= 400) return serverMessageKey(body) ?? GENERAL_ERROR_KEY;
  return GENERAL_ERROR_KEY;
}

export interface ApiErrorOptions {
  /** The request URL, for logs. */
  url?: string;
  cause?: unknown;
}

/**
 * A failed call. `status` is 0 when no response arrived (network failure);
 * `data` is the parsed error body, if any.
 */
export class ApiError<Data = unknown> extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly messageKey: string;
  readonly data: Data | undefined;
  readonly url: string | undefined;

  constructor(status: number, data?: Data, options: ApiErrorOptions = {}) {
    const messageKey = errorMessageKey(status, data);
    super(`${status || 'network error'} ${options.url ?? ''}: ${messageKey}`.trim(), {
      cause: options.cause,
    });
    this.status = status;
    this.messageKey = messageKey;
    this.data = data;
    this.url = options.url;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True for a call cancelled through its AbortSignal; such calls show no error. */
export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** Stores keep one error type: anything else thrown by a call becomes an ApiError of status 0. */
export function toApiError(error: unknown): ApiError {
  return isApiError(error) ? error : new ApiError(0, undefined, { cause: error });
}

/**
 * R-7-http-02: calls made with `responseType: 'blob'` (file downloads) get
 * their error body as a Blob too. A JSON body is parsed so the error carries
 * the server's message key; anything else is returned unchanged.
 */
export async function parseBlobErrorBody(data: unknown): Promise<unknown> {
  if (typeof Blob === 'undefined' || !(data instanceof Blob)) return data;
  try {
    return JSON.parse(await data.text()) as unknown;
  } catch {
    return data;
  }
}
