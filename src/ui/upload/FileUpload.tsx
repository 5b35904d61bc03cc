import { useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import {
  acceptAttribute,
  fileTypeNames,
  isAcceptedFile,
} from '../../domain/attachments/referral-file';
import { useT } from '../../i18n/useT';
import { registerAttachmentTexts } from '../../i18n/attachments-texts';
import { useMediaQuery } from '../useMediaQuery';
import { UploadStatus } from './UploadStatus';
import uploadCss from './upload.css?inline';
import { useAdoptedCss } from './useAdoptedCss';
import { useUpload, type SubmitFile } from './useUpload';

registerAttachmentTexts();

export interface FileUploadProps {
  /** bookingForm.validReferralContentTypes (R-5-11/12): the accept list and the type check. */
  validTypes: readonly string[];
  /** The document already uploaded: a new file replaces it (R-4-upload-02). */
  current?: { fileName: string } | null;
  /** Sends the file at once, with progress (R-4-upload-01); a store provides it. */
  onSubmit: SubmitFile;
  /** Admin-portal mode (R-4-upload-05/06): delete allowed and the staff wording. */
  adminMode?: boolean;
  /** Deletes the current document; offered in admin-portal mode only. */
  onDelete?: () => Promise<unknown>;
  /** Overrides the label text (e.g. the document type's title). */
  label?: string;
  /** Overrides the hint under the label. */
  hint?: string;
  disabled?: boolean;
  /** The choose button takes the focus when a modal opens. */
  autoFocus?: boolean;
}

/**
 * The one upload control (spec 4 "Upload", spec 5): file picker, camera on
 * phones, drag and drop on desktops, a progress bar, cancel, retry after a
 * network error. A file of a type not allowed is refused before anything is
 * sent, with the invalid-type message, and the input is cleared (R-5-13).
 */
export function FileUpload({
  validTypes,
  current = null,
  onSubmit,
  adminMode = false,
  onDelete,
  label,
  hint,
  disabled = false,
  autoFocus = false,
}: FileUploadProps) {
  const t = useT();
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // A touch screen gets the camera; a mouse gets the drop hint (a touch laptop gets both).
  const touch = useMediaQuery('(any-pointer: coarse)');
  const mouse = useMediaQuery('(hover: hover) and (pointer: fine)');
  const upload = useUpload(onSubmit, current !== null);
  useAdoptedCss(root, uploadCss);

  const wording = (key: string) => (adminMode ? `upload.admin.${key}` : `upload.${key}`);
  const types = fileTypeNames(validTypes);
  const busy = upload.state.status === 'uploading' || deleting;
  const canPhotograph = touch && validTypes.some((type) => type.startsWith('image/'));
  const labelId = `${id}-label`;
  const chooseId = `${id}-choose`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const invalid = upload.state.status === 'invalid' || upload.state.status === 'failed';

  const take = (file: File | undefined, from: HTMLInputElement | null) => {
    if (!file) return;
    if (!isAcceptedFile(file, validTypes)) {
      if (from) from.value = '';
      upload.refuse();
      return;
    }
    void upload.send(file).finally(() => {
      // The same file can be chosen again (a retry after a refusal, a replace).
      if (from) from.value = '';
    });
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) =>
    take(event.target.files?.[0], event.target);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (busy || disabled) return;
    take(event.dataTransfer.files[0], input.current);
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (busy || disabled) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  const remove = async () => {
    if (!onDelete) return;
    setDeleting(true);
    try {
      await onDelete();
      upload.markDeleted();
    } finally {
      setDeleting(false);
    }
  };

  return (
    <div
      ref={root}
      className="upload"
      part="upload"
      data-state={upload.state.status}
      data-dragging={dragging ? 'true' : undefined}
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <span id={labelId} className="upload__label">
        {label ?? t(wording('label'))}
      </span>
      <p id={hintId} className="field__hint">
        {hint ?? t(wording('hint'), { types })}
      </p>
      {current && upload.state.status !== 'uploading' && (
        <p className="upload__current">{t(wording('current'), { fileName: current.fileName })}</p>
      )}
      <input
        ref={input}
        className="upload__input"
        type="file"
        hidden
        accept={acceptAttribute(validTypes)}
        aria-labelledby={labelId}
        disabled={disabled || busy}
        onChange={onChange}
      />
      {canPhotograph && (
        <input
          ref={camera}
          className="upload__input"
          type="file"
          hidden
          accept="image/*"
          capture="environment"
          aria-labelledby={labelId}
          disabled={disabled || busy}
          onChange={onChange}
        />
      )}
      <div className="upload__buttons">
        <button
          type="button"
          className="button"
          id={chooseId}
          data-autofocus={autoFocus ? true : undefined}
          disabled={disabled || busy}
          aria-labelledby={`${chooseId} ${labelId}`}
          aria-describedby={invalid ? `${hintId} ${errorId}` : hintId}
          onClick={() => input.current?.click()}
        >
          {t(wording(current ? 'choose_replace' : 'choose'))}
        </button>
        {canPhotograph && (
          <button
            type="button"
            className="button"
            data-variant="ghost"
            disabled={disabled || busy}
            onClick={() => camera.current?.click()}
          >
            {t('upload.camera')}
          </button>
        )}
        {mouse && (
          <span className="upload__drop" aria-hidden="true">
            {t(dragging ? 'upload.drop_active' : 'upload.drop')}
          </span>
        )}
        {adminMode && onDelete && current && (
          <button
            type="button"
            className="button"
            data-variant="ghost"
            disabled={disabled || busy}
            onClick={() => void remove()}
          >
            {t(wording('delete'))}
          </button>
        )}
      </div>
      <UploadStatus
        state={upload.state}
        errorId={errorId}
        adminMode={adminMode}
        types={types}
        onCancel={upload.cancel}
        onRetry={upload.retry}
      />
    </div>
  );
}
