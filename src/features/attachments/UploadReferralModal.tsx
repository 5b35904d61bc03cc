import { useState } from 'react';
import type { AttachmentOwner } from '../../contract/attachments';
import { useT } from '../../i18n/useT';
import { submitDocument } from '../../stores/attachments.store';
import { Modal } from '../../ui/Modal';
import { FileUpload } from '../../ui/upload/FileUpload';
import type { SubmitOptions } from '../../ui/upload/useUpload';
import { registerAttachmentTexts } from '../../i18n/attachments-texts';

registerAttachmentTexts();

export interface UploadReferralModalProps {
  open: boolean;
  owner: AttachmentOwner;
  /** The referral document type (check-in readiness gives it as documentTypeId). */
  documentTypeId: number;
  validTypes: readonly string[];
  /** The referral already uploaded, if any: a new file replaces it (R-4-upload-02). */
  current?: { id: number; fileName: string } | null;
  adminMode?: boolean;
  /** Closes the modal: `uploaded` says whether a referral was sent while it was open. */
  onClose: (uploaded: boolean) => void;
}

/**
 * The upload-referral modal of spec 2.5 (R-2.5-10): static (no Escape, no
 * backdrop, no ×), closed only by its own buttons. Check-in opens it when the
 * required referral is missing (R-4-checkin-16).
 */
export function UploadReferralModal({
  open,
  owner,
  documentTypeId,
  validTypes,
  current = null,
  adminMode = false,
  onClose,
}: UploadReferralModalProps) {
  const t = useT();
  const [uploaded, setUploaded] = useState<{ id: number; fileName: string } | null>(null);
  const existing = uploaded ?? current;

  const submit = async (file: File, options: SubmitOptions) => {
    const stored = await submitDocument(
      owner,
      { documentTypeId, additional: false },
      existing?.id ?? null,
      file,
      options,
    );
    setUploaded({ id: stored.id, fileName: stored.fileName });
  };

  const close = () => {
    onClose(uploaded !== null);
    setUploaded(null);
  };

  return (
    <Modal
      open={open}
      static
      title={t('attachments.referral_modal_title')}
      onClose={close}
      actions={
        uploaded ? (
          <button type="button" className="button" onClick={close}>
            {t('attachments.referral_modal_done')}
          </button>
        ) : (
          <button type="button" className="button" data-variant="ghost" onClick={close}>
            {t('attachments.referral_modal_later')}
          </button>
        )
      }
    >
      <p className="modal__text">{t('attachments.referral_modal_text')}</p>
      <FileUpload
        validTypes={validTypes}
        current={existing}
        adminMode={adminMode}
        onSubmit={submit}
        autoFocus
      />
    </Modal>
  );
}
