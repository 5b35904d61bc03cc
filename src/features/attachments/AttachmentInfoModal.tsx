import type { Attachment } from '../../contract/attachments';
import { useT } from '../../i18n/useT';
import { Modal } from '../../ui/Modal';
import { registerAttachmentTexts } from '../../i18n/attachments-texts';

registerAttachmentTexts();

export interface AttachmentInfoModalProps {
  attachment: Attachment | null;
  onClose: () => void;
}

/** The attachment information modal of spec 2.5 (R-2.5-17): the description and the file name. */
export function AttachmentInfoModal({ attachment, onClose }: AttachmentInfoModalProps) {
  const t = useT();
  return (
    <Modal
      open={attachment !== null}
      title={attachment?.documentType.title ?? t('attachments.info_title')}
      size="sm"
      onClose={onClose}
      actions={
        <button type="button" className="button" onClick={onClose} data-autofocus>
          {t('action.close')}
        </button>
      }
    >
      {attachment && (
        <dl className="attachment-info">
          <dt>{t('attachments.description')}</dt>
          <dd>{attachment.documentType.description || '—'}</dd>
          <dt>{t('attachments.file_name')}</dt>
          <dd className="attachment-info__file">{attachment.fileName}</dd>
        </dl>
      )}
    </Modal>
  );
}
