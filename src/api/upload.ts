/**
 * The one call that cannot go through the fetch client: a file upload with progress.
 * fetch reports no upload progress (a streamed request body needs HTTP/2 and
 * half-duplex support the portal cannot count on), so this call uses
 * XMLHttpRequest, with the same error policy as client.ts: a failed response
 * becomes an ApiError carrying the server's message key, no response at all is
 * an ApiError of status 0 (the control offers a retry), and an aborted call
 * rejects with an AbortError. (client.ts keeps its 401 handler private; the
 * next ordinary call after a 401 here logs the client out.) Uploads are never
 * retried automatically: a POST must not be sent twice (R-7-http-04).
 */
import type { UploadProgress } from '../contract/attachments';
import { replaceTarget, uploadFormData, uploadTarget } from './attachments';
import type { Attachment, AttachmentOwner, DocumentUpload } from '../contract/attachments';
import { ApiError } from './errors';

export type { UploadProgress };

export interface UploadOptions {
  method: 'POST' | 'PUT';
  /** The full URL (API base included). */
  url: string;
  body: FormData;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The upload was cancelled.', 'AbortError');
}

function parseBody(xhr: XMLHttpRequest): unknown {
  const text = xhr.responseText;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Sends `body` as multipart/form-data and resolves with the parsed JSON answer. */
export function uploadWithProgress<T>(options: UploadOptions): Promise<T> {
  const { signal } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(signal));
      return;
    }
    const xhr = new XMLHttpRequest();
    const { url } = options;
    xhr.open(options.method, url);
    // The session cookie goes along cross-origin too, as with the fetch client.
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);

    xhr.upload.addEventListener('progress', (event) => {
      options.onProgress?.({
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : 0,
      });
    });
    xhr.addEventListener('load', () => {
      done();
      const data = parseBody(xhr);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(data as T);
        return;
      }
      reject(new ApiError(xhr.status, data, { url }));
    });
    xhr.addEventListener('error', () => {
      done();
      reject(new ApiError(0, undefined, { url }));
    });
    xhr.addEventListener('timeout', () => {
      done();
      reject(new ApiError(0, undefined, { url }));
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(signal ? abortError(signal) : new DOMException('Aborted', 'AbortError'));
    });
    xhr.send(options.body);
  });
}

export interface SendDocumentOptions {
  /** Replace this document (PUT) instead of adding one (POST): R-4-upload-02. */
  attachmentId?: number | null;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * R-4-upload-01/02, R-7-calls-09/10/15/16: uploads a document, or replaces one
 * when `attachmentId` is given, with progress. A booking in progress goes to
 * the public /api/booking/documents with its booking key.
 */
export function sendDocument(
  owner: AttachmentOwner,
  upload: DocumentUpload,
  options: SendDocumentOptions = {},
): Promise<Attachment> {
  const target =
    options.attachmentId != null ? replaceTarget(owner, options.attachmentId) : uploadTarget(owner);
  return uploadWithProgress<Attachment>({
    ...target,
    body: uploadFormData(owner, upload),
    onProgress: options.onProgress,
    signal: options.signal,
  });
}
