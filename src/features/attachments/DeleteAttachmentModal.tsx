import { useState } from 'react';
import type { Attachment } from '../../contract/attachments';
import { toApiError } from '../../api/errors';
import { useT } from '../../i18n/useT';
import { Modal } from '../../ui/Modal';
import { registerAttachmentTexts } from '../../i18n/attachments-texts';

registerAttachmentTexts();

export interface DeleteAttachmentModalProps {
  attachment: Attachment | null;
  onConfirm: (attachment: Attachment) => Promise<void>;
  onClose: () => void;
}

/** Asks before a document is deleted; a refused delete keeps the modal open with the message. */
export function DeleteAttachmentModal({
  attachment,
  onConfirm,
  onClose,
}: DeleteAttachmentModalProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = async () => {
    if (!attachment) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm(attachment);
    } catch (failure) {
      setError(toApiError(failure).messageKey);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={attachment !== null}
      title={t('attachments.delete_confirm_title')}
      size="sm"
      onClose={close}
      actions={
        <>
          <button
            type="button"
            className="button"
            data-variant="ghost"
            onClick={close}
            data-autofocus
          >
            {t('action.cancel')}
          </button>
          <button
            type="button"
            className="button"
            data-variant="danger"
            disabled={busy}
            aria-busy={busy}
            onClick={() => void confirm()}
          >
            {t('attachments.delete')}
          </button>
        </>
      }
    >
      {attachment && (
        <p className="modal__text">
          {t('attachments.delete_confirm', { fileName: attachment.fileName })}
        </p>
      )}
      {error && (
        <p role="alert" className="notice notice--error">
          {t(error)}
        </p>
      )}
    </Modal>
  );
}
