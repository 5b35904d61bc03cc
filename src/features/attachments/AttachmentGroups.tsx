import type { Attachment, AttachmentsResponse } from '../../contract/attachments';
import { useT } from '../../i18n/useT';
import { AttachmentList, type AttachmentActions } from './AttachmentList';
import type { UploadTarget } from './UploadAttachmentModal';

export interface AttachmentGroupsProps {
  response: AttachmentsResponse;
  /** Documents of no listed exam. */
  general: readonly Attachment[];
  readOnly: boolean;
  /** The level of the section title; exam names are one below, document types two. */
  headingLevel: 2 | 3;
  actions: AttachmentActions;
  onAdd: (target: UploadTarget) => void;
}

/** The documents grouped by exam, then by the document types each exam asks for (spec 3 examDocumentTypes). */
export function AttachmentGroups({
  response,
  general,
  readOnly,
  headingLevel,
  actions,
  onAdd,
}: AttachmentGroupsProps) {
  const t = useT();
  const ExamHeading = headingLevel === 3 ? 'h4' : 'h3';
  const TypeHeading = headingLevel === 3 ? 'h5' : 'h4';
  const nothing = response.attachments.length === 0;
  return (
    <div className="attachments__groups">
      {response.exams.map((exam) => (
        <div key={exam.slug} className="attachments__exam" data-exam={exam.slug}>
          <ExamHeading className="attachments__exam-name">{exam.name}</ExamHeading>
          {exam.examDocumentTypes.map((type) => (
            <div key={type.documentTypeId} className="attachments__type">
              <TypeHeading className="attachments__type-title">
                {type.documentType.title}
                {type.required && (
                  <span className="attachments__required"> ({t('attachments.required')})</span>
                )}
              </TypeHeading>
              {type.documentType.description && (
                <p className="attachments__description">{type.documentType.description}</p>
              )}
              {type.attachments.length > 0 ? (
                <AttachmentList items={type.attachments} {...actions} />
              ) : (
                <p className="attachments__missing">{t('attachments.missing')}</p>
              )}
              {!readOnly && type.attachments.length === 0 && (
                <button
                  type="button"
                  className="button"
                  data-variant="ghost"
                  onClick={() =>
                    onAdd({
                      kind: 'add',
                      documentTypeId: type.documentTypeId,
                      examSlug: exam.slug,
                      groupName: exam.groupName,
                    })
                  }
                >
                  {t('attachments.upload_type_for', {
                    type: type.documentType.title,
                    exam: exam.name,
                  })}
                </button>
              )}
            </div>
          ))}
        </div>
      ))}
      {general.length > 0 && (
        <div className="attachments__exam">
          <ExamHeading className="attachments__exam-name">{t('attachments.general')}</ExamHeading>
          <AttachmentList items={general} {...actions} />
        </div>
      )}
      {nothing && response.exams.length === 0 && <p className="notice">{t('attachments.empty')}</p>}
    </div>
  );
}
