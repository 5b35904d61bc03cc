/**
 * The states of one upload control, as a pure reducer (no React, no DOM):
 * what the control shows follows from the state alone.
 */
export type UploadState =
  | { status: 'idle' }
  /** R-5-13: a file of a type not allowed was chosen; nothing was sent and the input is cleared. */
  | { status: 'invalid' }
  | { status: 'uploading'; fileName: string; loaded: number; total: number }
  /** The server refused the file (its message key) or no answer came (`retryable`). */
  | { status: 'failed'; fileName: string; messageKey: string; retryable: boolean }
  | { status: 'cancelled'; fileName: string }
  | { status: 'done'; fileName: string; replaced: boolean }
  | { status: 'deleted' };

export type UploadAction =
  | { type: 'refused' }
  | { type: 'started'; fileName: string; size: number }
  | { type: 'progressed'; loaded: number; total: number }
  | { type: 'failed'; messageKey: string; retryable: boolean }
  | { type: 'cancelled' }
  | { type: 'succeeded'; replaced: boolean }
  | { type: 'deleted' }
  | { type: 'reset' };

export const initialUploadState: UploadState = { status: 'idle' };

export function uploadReducer(state: UploadState, action: UploadAction): UploadState {
  switch (action.type) {
    case 'refused':
      return { status: 'invalid' };
    case 'started':
      return { status: 'uploading', fileName: action.fileName, loaded: 0, total: action.size };
    case 'progressed':
      if (state.status !== 'uploading') return state;
      return { ...state, loaded: action.loaded, total: action.total || state.total };
    case 'failed':
      if (state.status !== 'uploading') return state;
      return {
        status: 'failed',
        fileName: state.fileName,
        messageKey: action.messageKey,
        retryable: action.retryable,
      };
    case 'cancelled':
      if (state.status !== 'uploading') return state;
      return { status: 'cancelled', fileName: state.fileName };
    case 'succeeded':
      if (state.status !== 'uploading') return state;
      return { status: 'done', fileName: state.fileName, replaced: action.replaced };
    case 'deleted':
      return { status: 'deleted' };
    case 'reset':
      return initialUploadState;
  }
}

/** Whole percent sent, 0–100; an unknown total counts as 0 until the end. */
export function percentOf(loaded: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((loaded / total) * 100)));
}

/**
 * Whether a failure is worth a retry: no answer at all (status 0), a timeout,
 * or a server that was briefly unavailable. A refusal of the file itself (4xx)
 * would only be refused again.
 */
export function isRetryableStatus(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}
