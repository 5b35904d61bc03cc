import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { registerQuestionnaireTexts } from '../../../src/i18n/questionnaire-texts';
import { useT } from '../../../src/i18n/useT';
import { QuestionnaireForm } from '../../../src/ui/questionnaire/QuestionnaireForm';
import rendererCss from '../../../src/ui/questionnaire/questionnaire.css?inline';
import { useAdoptedCss } from '../../../src/ui/upload/useAdoptedCss';
import { $checkInFeedback, loadFeedback, submitFeedback } from '../checkin-feedback.store';

registerQuestionnaireTexts();

/**
 * R-4-checkin-02: the feedback questionnaire the clinic asks for before
 * check-in, on the page (it is this step's content, not a modal). Loaded on
 * demand with the questionnaire renderer, its texts and its styles.
 */
export function FeedbackStep({ loading }: { loading: boolean }) {
  const t = useT();
  const root = useRef<HTMLDivElement>(null);
  const feedback = useStore($checkInFeedback);
  useAdoptedCss(root, rendererCss);
  useEffect(() => {
    void loadFeedback();
  }, []);
  const questionnaire = feedback.questionnaire;
  return (
    <div className="checkin-feedback" part="feedback" ref={root}>
      {questionnaire ? (
        <>
          <p>{t('checkin.feedback.lead')}</p>
          <h2 className="checkin-feedback__title">{questionnaire.title}</h2>
          <QuestionnaireForm
            json={questionnaire.questionnaire.json}
            idPrefix="checkin-feedback"
            busy={feedback.saving || loading}
            error={feedback.error ? t(feedback.error) : undefined}
            submitLabel={t('checkin.feedback.submit')}
            onSubmit={(answers) => void submitFeedback(answers)}
          />
        </>
      ) : (
        <p role="status">{t('checkin.loading')}</p>
      )}
    </div>
  );
}
