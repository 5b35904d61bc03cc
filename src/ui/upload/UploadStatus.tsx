import { useId } from 'react';
import { useT } from '../../i18n/useT';
import { percentOf, type UploadState } from './upload-state';

export interface UploadStatusProps {
  state: UploadState;
  /** The id the choose button's aria-describedby points at while there is an error. */
  errorId: string;
  adminMode: boolean;
  /** The allowed types as a patient reads them ('referral file types'). */
  types: string;
  onCancel: () => void;
  onRetry: () => void;
}

/** What the upload control says under its buttons: progress, the error, the outcome. */
export function UploadStatus({
  state,
  errorId,
  adminMode,
  types,
  onCancel,
  onRetry,
}: UploadStatusProps) {
  const t = useT();
  const progressId = useId();

  switch (state.status) {
    case 'uploading': {
      const percent = percentOf(state.loaded, state.total);
      return (
        <div className="upload__progress" part="upload-progress">
          <label htmlFor={progressId} className="upload__progress-label">
            {t('upload.progress', { fileName: state.fileName })}
          </label>
          <div className="upload__progress-row">
            <progress
              id={progressId}
              max={100}
              value={percent}
              aria-valuetext={t('upload.progress_value', { percent })}
            />
            <span className="upload__percent" aria-hidden="true">
              {t('upload.progress_value', { percent })}
            </span>
            <button type="button" className="button" data-variant="ghost" onClick={onCancel}>
              {t('upload.cancel')}
            </button>
          </div>
        </div>
      );
    }
    case 'invalid':
      // R-5-13: the 'upload type' hint and the 'referral file types'.
      return (
        <p id={errorId} role="alert" className="field__error upload__error">
          {t('message.upload_type')} {t('message.referral_file_types', { types })}
        </p>
      );
    case 'failed':
      return (
        <div className="upload__failure">
          <p id={errorId} role="alert" className="field__error upload__error">
            {t(state.messageKey)}
          </p>
          {state.retryable && (
            <button type="button" className="button" onClick={onRetry}>
              {t('upload.retry')}
            </button>
          )}
        </div>
      );
    case 'cancelled':
      return (
        <p role="status" className="notice">
          {t('upload.cancelled', { fileName: state.fileName })}
        </p>
      );
    case 'done': {
      const key = adminMode
        ? 'upload.admin.done'
        : state.replaced
          ? 'upload.replaced'
          : 'upload.done';
      return (
        <p role="status" className="notice notice--success">
          {t(key, { fileName: state.fileName })}
        </p>
      );
    }
    case 'deleted':
      return (
        <p role="status" className="notice">
          {t(adminMode ? 'upload.admin.deleted' : 'upload.deleted')}
        </p>
      );
    case 'idle':
      return null;
  }
}
