import { useNavigationRequest } from '../../src/element/useNavigationRequest';
import { useStore } from '@nanostores/react';
import { useQuietStore } from '../../src/stores/useQuietStore';
import { useEffect, useMemo, useRef } from 'react';
import type { WidgetProps, SharedWidgetProps } from '../../src/element/define-widget';
import { useInjectedCss } from '../../src/element/useInjectedCss';
import { useT } from '../../src/i18n/useT';
import { $appConfig } from '../../src/stores/config.store';
import { bookingContext } from '../../src/domain/questionnaire/booking-facts';
import { PhoneText } from '../../src/ui/PhoneText';
import { useListFormat } from './parts/useListFormat';
import {
  loadQuestionnaireForm,
  QuestionnaireModal,
} from '../../src/ui/questionnaire/QuestionnaireModal';
import { AnswersResult } from './parts/AnswersResult';
import { QuestionnaireIntro } from './parts/QuestionnaireIntro';
import {
  $questionnaireAbout,
  $questionnaireNavigation,
  $questionnaireView,
  closeQuestionnaire,
  continueBooking,
  leaveFlow,
  retryFlow,
  startFlow,
  stopFlow,
  submitAnswers,
} from './questionnaire.store';

export interface QuestionnaireWidgetProps extends SharedWidgetProps, WidgetProps {
  /** Current path, set by the host page's router (/questionnaires, /q, /iframe/questionnaires). */
  path?: string;
  /** Current query string: every parameter is read and passed on (R-2.2-04). */
  search?: string;
}

/** `<imaging-questionnaire>`: the questionnaire flow of spec 4 in the survey modal of spec 2.5. */
export function QuestionnaireWidget({ path, search, container }: QuestionnaireWidgetProps) {
  const t = useT();
  const root = useRef<HTMLDivElement>(null);
  const view = useStore($questionnaireView);
  const about = useStore($questionnaireAbout);
  const app = useQuietStore($appConfig);
  // The booking's facts the questions' conditions read ({booking.bodyParts}…).
  const facts = useMemo(() => bookingContext(about?.exams ?? []), [about]);
  const count = view.state === 'asking' ? view.count : (about?.forms.length ?? 0);
  const position = view.state === 'asking' ? view.position : 0;
  const done = view.state === 'result' || view.state === 'working';
  const listOf = useListFormat();
  // R-3-01: the provider's questionnaireCss applies inside the shadow root, after our own sheets.
  useInjectedCss(container, app?.questionnaireCss || undefined);

  useEffect(() => {
    startFlow(path ?? '/questionnaires', search ?? '');
  }, [path, search]);

  useEffect(() => {
    // The form's code loads while the questionnaire's JSON does.
    void loadQuestionnaireForm();
    return () => stopFlow();
  }, []);

  useNavigationRequest($questionnaireNavigation, () => root.current);

  return (
    <div ref={root} className="questionnaire-flow" part="questionnaire" data-state={view.state}>
      <QuestionnaireIntro about={about} position={position} count={count} done={done} />
      {(view.state === 'loading' || view.state === 'idle') && (
        <p role="status" className="notice">
          {t('questionnaire.loading')}
        </p>
      )}
      {view.state === 'working' && (
        <p role="status" className="notice notice--info">
          {t(view.messageKey)}
        </p>
      )}
      {view.state === 'message' && (
        <section className="questionnaire-flow__message" part="message">
          <p
            role={view.tone === 'error' ? 'alert' : 'status'}
            className={`notice notice--${view.tone}`}
          >
            <PhoneText text={t(view.messageKey, view.params)} params={view.params} />
          </p>
          {view.state === 'message' && view.messageKey === 'questionnaire.feedback.thanks' && (
            <p className="notice">{t('questionnaire.feedback.redirecting')}</p>
          )}
          <div className="questionnaire__actions questionnaire-flow__actions">
            {view.messageKey !== 'questionnaire.feedback.thanks' && (
              <button type="button" className="button" data-variant="ghost" onClick={leaveFlow}>
                {t('questionnaire.flow.back')}
              </button>
            )}
            {view.canRetry && (
              <button type="button" className="button" onClick={retryFlow}>
                {t('questionnaire.flow.retry')}
              </button>
            )}
            {view.canContinue && (
              <button type="button" className="button" onClick={continueBooking}>
                {t('questionnaire.action.continue')}
              </button>
            )}
          </div>
        </section>
      )}
      {view.state === 'result' && <AnswersResult notes={view.notes} onContinue={continueBooking} />}
      {view.state === 'asking' && (
        <QuestionnaireModal
          key={view.item.key}
          open
          title={view.item.title || t('questionnaire.title')}
          json={view.item.json}
          size={view.item.modalSize}
          showClosingConfirmation={view.item.showClosingConfirmation}
          onSubmit={(answers) => void submitAnswers(answers)}
          onClose={closeQuestionnaire}
          busy={view.saving}
          error={view.errorKey ? t(view.errorKey) : undefined}
          idPrefix={view.item.key}
          context={facts}
          about={
            view.item.examNames.length > 0
              ? t('questionnaire.flow.for_exams', { exams: listOf(view.item.examNames) })
              : undefined
          }
          progress={
            view.count > 1
              ? t('questionnaire.flow.form_of', { position: view.position, count: view.count })
              : undefined
          }
        />
      )}
    </div>
  );
}
