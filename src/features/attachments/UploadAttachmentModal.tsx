import { useEffect, useId, useState } from 'react';
import type { Attachment, AttachmentOwner, DocumentType } from '../../contract/attachments';
import { useT } from '../../i18n/useT';
import { submitDocument } from '../../stores/attachments.store';
import { Modal } from '../../ui/Modal';
import { FileUpload } from '../../ui/upload/FileUpload';
import type { SubmitOptions } from '../../ui/upload/useUpload';
import { registerAttachmentTexts } from '../../i18n/attachments-texts';

registerAttachmentTexts();

/** What the modal uploads: a new document (of a given type and exam, or chosen here) or a replacement. */
export type UploadTarget =
  | {
      kind: 'add';
      documentTypeId?: number | null;
      examSlug?: string | null;
      groupName?: string | null;
    }
  | { kind: 'replace'; attachment: Attachment };

export interface UploadAttachmentModalProps {
  target: UploadTarget | null;
  owner: AttachmentOwner;
  documentTypes: readonly DocumentType[];
  validTypes: readonly string[];
  adminMode?: boolean;
  onClose: () => void;
  /** Called with the stored document; the modal is then closed by its owner. */
  onUploaded: (attachment: Attachment, replaced: boolean) => void;
}

/**
 * The upload attachment modal of spec 2.5 (R-2.5-09): the upload control for
 * one document, with a document-type choice when the type is not given. A
 * chosen file is sent at once (R-4-upload-01); a replacement is a PUT of the
 * same document (R-4-upload-02).
 */
export function UploadAttachmentModal({
  target,
  owner,
  documentTypes,
  validTypes,
  adminMode = false,
  onClose,
  onUploaded,
}: UploadAttachmentModalProps) {
  const t = useT();
  const selectId = useId();
  const presetType =
    target?.kind === 'replace' ? target.attachment.documentTypeId : target?.documentTypeId;
  const fallbackType = (documentTypes.find((type) => type.isReferral) ?? documentTypes[0])?.id;
  const [typeId, setTypeId] = useState<number | undefined>(presetType ?? fallbackType);

  useEffect(() => {
    if (target) setTypeId(presetType ?? fallbackType);
  }, [target, presetType, fallbackType]);

  const replacing = target?.kind === 'replace' ? target.attachment : null;
  const title = replacing
    ? t('attachments.replace_modal_title', { fileName: replacing.fileName })
    : t('attachments.upload_modal_title');

  const submit = async (file: File, options: SubmitOptions) => {
    if (!target || typeId === undefined) return;
    const fields =
      target.kind === 'replace'
        ? {
            documentTypeId: target.attachment.documentTypeId,
            examSlug: target.attachment.slug,
            groupName: target.attachment.groupNames[0] ?? null,
            additional: target.attachment.additional,
          }
        : {
            documentTypeId: typeId,
            examSlug: target.examSlug ?? null,
            groupName: target.groupName ?? null,
            additional: !target.examSlug,
          };
    const stored = await submitDocument(owner, fields, replacing?.id ?? null, file, options);
    onUploaded(stored, replacing !== null);
  };

  return (
    <Modal open={target !== null} title={title} onClose={onClose}>
      {target && (
        <>
          {target.kind === 'add' && presetType == null && documentTypes.length > 1 && (
            <div className="field">
              <label className="field__label" htmlFor={selectId}>
                {t('attachments.document_type')}
              </label>
              <select
                id={selectId}
                className="field__input"
                value={typeId ?? ''}
                onChange={(event) => setTypeId(Number(event.target.value))}
              >
                {documentTypes.map((type) => (
                  <option key={type.id} value={type.id}>
                    {type.title}
                  </option>
                ))}
              </select>
            </div>
          )}
          <FileUpload
            validTypes={validTypes}
            current={replacing}
            adminMode={adminMode}
            label={documentTypes.find((type) => type.id === typeId)?.title}
            onSubmit={submit}
            autoFocus={target.kind === 'replace' || presetType != null}
          />
        </>
      )}
    </Modal>
  );
}
