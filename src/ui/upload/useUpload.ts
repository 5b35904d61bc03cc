import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { UploadProgress } from '../../contract/attachments';
import { initialUploadState, isRetryableStatus, uploadReducer } from './upload-state';

export interface SubmitOptions {
  onProgress: (progress: UploadProgress) => void;
  signal: AbortSignal;
}

/** Sends one file; resolves when the server has stored it. Stores provide it: components never fetch. */
export type SubmitFile = (file: File, options: SubmitOptions) => Promise<unknown>;

interface FailedCall {
  name?: string;
  status?: number;
  messageKey?: string;
}

const NETWORK_ERROR_KEY = 'upload.network_error';

/**
 * One upload at a time with progress, cancel (the request is aborted) and
 * retry of the last file. The file is kept only in memory until it is sent.
 */
export function useUpload(submit: SubmitFile, replacing: boolean) {
  const [state, dispatch] = useReducer(uploadReducer, initialUploadState);
  const controller = useRef<AbortController | null>(null);
  const lastFile = useRef<File | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const send = useCallback(
    async (file: File) => {
      controller.current?.abort();
      const mine = new AbortController();
      controller.current = mine;
      lastFile.current = file;
      dispatch({ type: 'started', fileName: file.name, size: file.size });
      try {
        await submit(file, {
          signal: mine.signal,
          onProgress: ({ loaded, total }) => dispatch({ type: 'progressed', loaded, total }),
        });
        if (controller.current !== mine) return;
        lastFile.current = null;
        dispatch({ type: 'succeeded', replaced: replacing });
      } catch (error) {
        if (controller.current !== mine) return;
        const failure = (error ?? {}) as FailedCall;
        if (failure.name === 'AbortError' || mine.signal.aborted) {
          dispatch({ type: 'cancelled' });
          return;
        }
        const status = typeof failure.status === 'number' ? failure.status : 0;
        const retryable = isRetryableStatus(status);
        const messageKey =
          status === 0 ? NETWORK_ERROR_KEY : (failure.messageKey ?? 'message.error_general');
        dispatch({ type: 'failed', messageKey, retryable });
      } finally {
        if (controller.current === mine) controller.current = null;
      }
    },
    [submit, replacing],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const retry = useCallback(() => {
    if (lastFile.current) void send(lastFile.current);
  }, [send]);
  const refuse = useCallback(() => dispatch({ type: 'refused' }), []);
  const markDeleted = useCallback(() => dispatch({ type: 'deleted' }), []);

  return { state, send, cancel, retry, refuse, markDeleted };
}
