import { useStore } from '@nanostores/react';
import { useQuietStore } from '../../stores/useQuietStore';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Attachment, AttachmentOwner } from '../../contract/attachments';
import { localizeAttachments } from '../../domain/i18n/attachment-texts';
import { textOr } from '../../i18n/i18n';
import { useT } from '../../i18n/useT';
import {
  $attachments,
  generalAttachments,
  loadAttachments,
  ownerKey,
  removeAttachment,
} from '../../stores/attachments.store';
import { $bookingFormConfig } from '../../stores/config.store';
import { $user } from '../../stores/user.store';
import { useAdoptedCss } from '../../ui/upload/useAdoptedCss';
import { AttachmentGroups } from './AttachmentGroups';
import { AttachmentInfoModal } from './AttachmentInfoModal';
import attachmentsCss from './attachments.css?inline';
import { registerAttachmentTexts } from '../../i18n/attachments-texts';
import { AttachmentViewer } from './AttachmentViewer';
import { DeleteAttachmentModal } from './DeleteAttachmentModal';
import { mergeUploadFalse } from './merge-upload-param';
import { UploadAttachmentModal, type UploadTarget } from './UploadAttachmentModal';

registerAttachmentTexts();

export interface AttachmentsSectionProps {
  owner: { kind: 'appointment' | 'booking_request'; slug: string };
  /** Lists and opens the documents, offers no upload, replace or delete. */
  readOnly?: boolean;
  /** Admin-portal mode (R-4-upload-05/06); defaults to "a staff user is logged in". */
  adminMode?: boolean;
  /** The section's heading (default "Referral and documents"), e.g. the exam when a page lists several. */
  title?: string;
  /** The heading level of the section title (2 by default); exams and types follow one and two below. */
  headingLevel?: 2 | 3;
}

interface ViewerState {
  items: readonly Attachment[];
  index: number;
}

/**
 * The documents of an appointment or a booking request (R-2.4-30/38,
 * R-1-15): grouped by exam and document type, each with view, details,
 * replace and delete; an upload of a new document. (The booking-request
 * page's own 'view referral' button of spec 2.3 sits in its header.) After an upload or a replace the host
 * page merges upload=false into the URL (R-2.2-17).
 */
export function AttachmentsSection({
  owner,
  readOnly = false,
  adminMode,
  title,
  headingLevel = 2,
}: AttachmentsSectionProps) {
  const t = useT();
  const titleId = useId();
  const root = useRef<HTMLElement>(null);
  useAdoptedCss(root, attachmentsCss);
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const key = ownerKey(owner);
  // The owner object may be new on every render: key it by kind and slug.
  const stableOwner = useMemo<AttachmentOwner>(
    () => ({ kind: owner.kind, slug: owner.slug }),
    [key],
  );
  const load = useStore($attachments)[key];
  const user = useStore($user);
  const bookingForm = useQuietStore($bookingFormConfig);
  const admin = adminMode ?? user !== null;
  const [viewer, setViewer] = useState<ViewerState | null>(null);
  const [info, setInfo] = useState<Attachment | null>(null);
  const [upload, setUpload] = useState<UploadTarget | null>(null);
  const [deleting, setDeleting] = useState<Attachment | null>(null);
  const [status, setStatus] = useState('');
  const statusRef = useRef<HTMLParagraphElement>(null);
  // After an upload or a delete the dialog is gone: the focus goes to what happened, not to the page.
  useEffect(() => {
    if (status) statusRef.current?.focus();
  }, [status]);

  useEffect(() => {
    void loadAttachments(stableOwner);
  }, [stableOwner]);

  // Exam names and document types in the patient's language; again when the texts change (t).
  const response = useMemo(
    () => (load?.state === 'loaded' ? localizeAttachments(load.value, textOr) : null),
    [load, t],
  );
  const validTypes =
    bookingForm?.validReferralContentTypes ?? response?.limits.validContentTypes ?? [];
  const all = response?.attachments ?? [];

  const open = (item: Attachment) =>
    setViewer({
      items: all,
      index: Math.max(
        0,
        all.findIndex((a) => a.id === item.id),
      ),
    });

  const uploaded = (item: Attachment, replaced: boolean) => {
    setUpload(null);
    setStatus(
      t(replaced ? 'upload.replaced' : 'attachments.uploaded', { fileName: item.fileName }),
    );
    mergeUploadFalse(root.current);
  };

  const confirmDelete = async (item: Attachment) => {
    await removeAttachment(stableOwner, item.id);
    setDeleting(null);
    setStatus(t('attachments.deleted', { fileName: item.fileName }));
  };

  const actions = {
    onOpen: open,
    onInfo: setInfo,
    onReplace: readOnly
      ? undefined
      : (item: Attachment) => setUpload({ kind: 'replace', attachment: item }),
    onDelete: readOnly ? undefined : setDeleting,
  };

  return (
    <section ref={root} className="attachments" part="attachments" aria-labelledby={titleId}>
      <div className="attachments__header">
        <Heading id={titleId} className="attachments__title">
          {title ?? t('attachments.title')}
        </Heading>
      </div>
      <p ref={statusRef} tabIndex={-1} role="status" className="attachments__status">
        {status}
      </p>
      {(!load || load.state === 'loading') && <p className="notice">{t('attachments.loading')}</p>}
      {load?.state === 'failed' && (
        <div role="alert" className="notice notice--error">
          <p>{t('attachments.load_failed')}</p>
          <button
            type="button"
            className="button"
            onClick={() => void loadAttachments(stableOwner)}
          >
            {t('attachments.retry')}
          </button>
        </div>
      )}
      {response && (
        <AttachmentGroups
          response={response}
          general={generalAttachments(response)}
          readOnly={readOnly}
          headingLevel={headingLevel}
          actions={actions}
          onAdd={(target) => setUpload(target)}
        />
      )}
      {response && !readOnly && (
        <button
          type="button"
          className="button"
          onClick={() => setUpload({ kind: 'add' })}
          part="attachments-add"
        >
          {t('attachments.add')}
        </button>
      )}
      <AttachmentViewer
        open={viewer !== null}
        items={viewer?.items ?? []}
        startIndex={viewer?.index ?? 0}
        onClose={() => setViewer(null)}
      />
      <AttachmentInfoModal attachment={info} onClose={() => setInfo(null)} />
      <UploadAttachmentModal
        target={upload}
        owner={stableOwner}
        documentTypes={response?.documentTypes ?? []}
        validTypes={validTypes}
        adminMode={admin}
        onClose={() => setUpload(null)}
        onUploaded={uploaded}
      />
      <DeleteAttachmentModal
        attachment={deleting}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
