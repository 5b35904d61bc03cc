import { useNavigationRequest } from '../../src/element/useNavigationRequest';
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import type { WidgetProps, SharedWidgetProps } from '../../src/element/define-widget';
import { useInjectedCss } from '../../src/element/useInjectedCss';
import { useT } from '../../src/i18n/useT';
import { $appConfig } from '../../src/stores/config.store';
import { QuestionnaireModal } from '../../src/ui/questionnaire/QuestionnaireModal';
import {
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
import { telHref } from '../../src/domain/contact-number';

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
  const app = useStore($appConfig);
  // R-3-01: the provider's questionnaireCss applies inside the shadow root, after our own sheets.
  useInjectedCss(container, app?.questionnaireCss || undefined);

  useEffect(() => {
    startFlow(path ?? '/questionnaires', search ?? '');
  }, [path, search]);

  useEffect(() => () => stopFlow(), []);

  useNavigationRequest($questionnaireNavigation, () => root.current);

  return (
    <div ref={root} className="questionnaire-flow" part="questionnaire" data-state={view.state}>
      <h1 className="visually-hidden">{t('questionnaire.title')}</h1>
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
            <WithPhoneLink text={t(view.messageKey, view.params)} phone={view.params?.phone} />
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

/** A message that names a phone number: the number is a tap-to-call link (spec 4 deny outcomes). */
function WithPhoneLink({ text, phone }: { text: string; phone?: string }) {
  const at = phone ? text.indexOf(phone) : -1;
  if (!phone || at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <a href={telHref(phone)}>{phone}</a>
      {text.slice(at + phone.length)}
    </>
  );
}
