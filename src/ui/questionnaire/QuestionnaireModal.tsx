import { lazy, Suspense, useState } from 'react';
import type { Answers, ModalSize, QuestionnaireJson } from '../../contract/questionnaire-format';
import type { ExpressionValues } from '../../domain/questionnaire/expression';
import { useT } from '../../i18n/useT';
import { importWithRetry } from '../lazy-retry';
import { Modal } from '../Modal';

/**
 * The form loads apart from the element (11 kB: issue 15 part 4, each further
 * element at most 15 kB); the questionnaire element starts loading it when it
 * mounts, so it is there by the time the questionnaire's JSON is.
 */
export const loadQuestionnaireForm = () => importWithRetry(() => import('./QuestionnaireForm'));
const QuestionnaireForm = lazy(() =>
  loadQuestionnaireForm().then((module) => ({ default: module.QuestionnaireForm })),
);

export interface QuestionnaireModalProps {
  open: boolean;
  title: string;
  json: QuestionnaireJson;
  /** R-2.5-18, R-9-40: from the questionnaire; lg when absent. */
  size?: ModalSize;
  /** Ask before leaving without completing (spec 2.5). */
  showClosingConfirmation?: boolean;
  initialAnswers?: Answers;
  onSubmit: (answers: Answers) => void;
  /** R-2.5-20: the user closed it without completing (the caller goes to the back URL). */
  onClose: () => void;
  busy?: boolean;
  error?: string;
  idPrefix?: string;
  /** Where this form is in the flow ("Form 1 of 3"), shown under the title. */
  progress?: string;
  /** What it is about ("For MRI Knee"), shown under the progress. */
  about?: string;
  /** Variables conditions see besides the answers: the booking's facts (`{booking.…}`). */
  context?: ExpressionValues;
}

/**
 * The questionnaire survey modal (spec 2.5): static, so Escape and a click
 * on the backdrop never close it silently; its own close button leaves
 * (after a confirmation when the questionnaire asks for one).
 */
export function QuestionnaireModal({
  open,
  title,
  json,
  size = 'lg',
  showClosingConfirmation = false,
  initialAnswers,
  onSubmit,
  onClose,
  busy,
  error,
  idPrefix,
  progress,
  about,
  context,
}: QuestionnaireModalProps) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const requestClose = () => (showClosingConfirmation ? setConfirming(true) : onClose());
  return (
    <>
      <Modal open={open} title={title} onClose={requestClose} static size={size}>
        <button
          type="button"
          className="questionnaire__close"
          onClick={requestClose}
          aria-label={t('questionnaire.action.close')}
          part="questionnaire-close"
        >
          <span aria-hidden="true">×</span>
        </button>
        {progress && <p className="questionnaire__progress">{progress}</p>}
        {about && <p className="questionnaire__about">{about}</p>}
        <Suspense fallback={<p role="status">{t('message.loading')}</p>}>
          <QuestionnaireForm
            json={json}
            initialAnswers={initialAnswers}
            onSubmit={onSubmit}
            busy={busy}
            error={error}
            idPrefix={idPrefix}
            context={context}
          />
        </Suspense>
      </Modal>
      <Modal
        open={open && confirming}
        title={t('questionnaire.close_confirmation.title')}
        onClose={() => setConfirming(false)}
        size="sm"
        alert
        actions={
          <>
            <button
              type="button"
              className="button"
              data-variant="ghost"
              onClick={() => setConfirming(false)}
              data-autofocus
            >
              {t('questionnaire.close_confirmation.stay')}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                setConfirming(false);
                onClose();
              }}
            >
              {t('questionnaire.close_confirmation.leave')}
            </button>
          </>
        }
      >
        <p className="modal__text">{t('questionnaire.close_confirmation.text')}</p>
      </Modal>
    </>
  );
}
