import { useRef } from 'react';
import type { Answers, Questionnaire } from '../../../src/contract/questionnaire';
import { QuestionnaireForm } from '../../../src/ui/questionnaire/QuestionnaireForm';
import rendererCss from '../../../src/ui/questionnaire/questionnaire.css?inline';
import { useAdoptedCss } from '../../../src/ui/upload/useAdoptedCss';
import { registerQuestionnaireTexts } from '../../../src/i18n/questionnaire-texts';

registerQuestionnaireTexts();

/**
 * The cancel questionnaire's questions inside the cancel modal (R-4-cancel-03):
 * loaded only when an appointment has one, so the page's first load does
 * not carry the questionnaire renderer.
 */
export default function CancelQuestions({
  questionnaire,
  busy,
  error,
  submitLabel,
  onSubmit,
}: {
  questionnaire: Questionnaire;
  busy: boolean;
  error?: string;
  submitLabel: string;
  onSubmit: (answers: Answers) => void;
}) {
  const root = useRef<HTMLDivElement>(null);
  useAdoptedCss(root, rendererCss);
  return (
    <div ref={root} className="cancel-questions">
      <QuestionnaireForm
        json={questionnaire.json}
        idPrefix={`cancel-${questionnaire.id}`}
        busy={busy}
        error={error}
        submitLabel={submitLabel}
        onSubmit={onSubmit}
      />
    </div>
  );
}
