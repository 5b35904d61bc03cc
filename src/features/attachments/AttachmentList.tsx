import type { Attachment } from '../../contract/attachments';
import { useT } from '../../i18n/useT';

export interface AttachmentActions {
  onOpen: (attachment: Attachment) => void;
  onInfo: (attachment: Attachment) => void;
  /** Absent when the list is read-only. */
  onReplace?: (attachment: Attachment) => void;
  onDelete?: (attachment: Attachment) => void;
}

export interface AttachmentListProps extends AttachmentActions {
  items: readonly Attachment[];
}

/** Uploaded documents with their actions: view, details, replace, delete. */
export function AttachmentList({
  items,
  onOpen,
  onInfo,
  onReplace,
  onDelete,
}: AttachmentListProps) {
  const t = useT();
  return (
    <ul className="attachments__list">
      {items.map((item) => (
        <li key={item.id} className="attachments__item" data-attachment-id={item.id}>
          <span className="attachments__file">{item.fileName}</span>
          <span className="attachments__actions">
            <button
              type="button"
              className="link-button"
              onClick={() => onOpen(item)}
              aria-label={t('attachments.open_named', { fileName: item.fileName })}
            >
              {t('attachments.open')}
            </button>
            <button
              type="button"
              className="link-button"
              onClick={() => onInfo(item)}
              aria-label={t('attachments.info_named', { fileName: item.fileName })}
            >
              {t('attachments.info')}
            </button>
            {onReplace && (
              <button
                type="button"
                className="link-button"
                onClick={() => onReplace(item)}
                aria-label={t('attachments.replace_named', { fileName: item.fileName })}
              >
                {t('attachments.replace')}
              </button>
            )}
            {onDelete && (
              <button
                type="button"
                className="link-button attachments__delete"
                onClick={() => onDelete(item)}
                aria-label={t('attachments.delete_named', { fileName: item.fileName })}
              >
                {t('attachments.delete')}
              </button>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
