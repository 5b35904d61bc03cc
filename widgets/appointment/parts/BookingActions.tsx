import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { calendarUrl } from '../../../src/api/appointments';
import type { AppointmentSummary } from '../../../src/api/appointments.contract';
import {
  questionnaireTarget,
  type LinkedQuestionnaire,
} from '../../../src/domain/appointment/navigation';
import { useT } from '../../../src/i18n/useT';
import { Modal } from '../../../src/ui/Modal';
import { $pageContext, closeNeedsConfirmation, goHome, goTo } from '../appointment.store';

const QUESTIONNAIRES: { type: LinkedQuestionnaire; label: string }[] = [
  { type: 'PAIN_SCORE_INITIAL', label: 'appointment.action.pain_score' },
  { type: 'REQUIRED_ON_CONFIRMATION', label: 'appointment.action.consent_forms' },
  { type: 'FEEDBACK', label: 'appointment.action.feedback' },
];

/** What concerns the whole booking: calendar, instructions, questionnaires and close (spec 2.4, 2.5, 4). */
export function BookingActions({ summary }: { summary: AppointmentSummary }) {
  const t = useT();
  const context = useStore($pageContext);
  const [instructions, setInstructions] = useState(false);
  const [consentPending, setConsentPending] = useState(false);
  const first = summary.appointments[0];
  if (!first) return null;

  const close = async () => {
    if (await closeNeedsConfirmation()) setConsentPending(true);
    else goHome();
  };

  return (
    <section
      className="booking-actions"
      aria-labelledby="appointment-more-title"
      part="booking-actions"
    >
      <div className="booking-actions__row">
        <a className="button" data-variant="ghost" href={calendarUrl(first.slug)} download>
          {t('appointment.action.calendar')}
        </a>
        <button
          type="button"
          className="button"
          data-variant="ghost"
          onClick={() => setInstructions(true)}
        >
          {t('appointment.action.instructions')}
        </button>
        <button type="button" className="button" data-variant="ghost" onClick={() => void close()}>
          {t('appointment.action.close')}
        </button>
      </div>
      <h2 id="appointment-more-title" className="booking-actions__title">
        {t('appointment.more_title')}
      </h2>
      <div className="booking-actions__row">
        {QUESTIONNAIRES.map((item) => (
          <button
            key={item.type}
            type="button"
            className="button"
            data-variant="ghost"
            onClick={() => goTo(questionnaireTarget({ ...context, types: [item.type] }))}
          >
            {t(item.label)}
          </button>
        ))}
      </div>
      <Modal
        open={instructions}
        title={t('appointment.instructions_title')}
        onClose={() => setInstructions(false)}
        actions={
          <button
            type="button"
            className="button"
            onClick={() => setInstructions(false)}
            data-autofocus
          >
            {t('action.ok')}
          </button>
        }
      >
        <p className="modal__text">{t('appointment.instructions_arrive')}</p>
        {summary.appointments.map((appointment) => (
          <section key={appointment.slug}>
            <h3>{appointment.examName}</h3>
            <p className="appointment__preparation">
              {appointment.preparation || t('appointment.no_preparation')}
            </p>
          </section>
        ))}
        <ul>
          {first.documentsNeeded.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
      </Modal>
      <Modal
        open={consentPending}
        title={t('appointment.close_consent_title')}
        onClose={() => setConsentPending(false)}
        size="sm"
        actions={
          <>
            <button
              type="button"
              className="button"
              data-autofocus
              onClick={() => {
                setConsentPending(false);
                goTo(questionnaireTarget({ ...context, types: ['REQUIRED_ON_CONFIRMATION'] }));
              }}
            >
              {t('appointment.action.consent_forms')}
            </button>
            <button type="button" className="button" data-variant="ghost" onClick={goHome}>
              {t('appointment.close_consent_yes')}
            </button>
          </>
        }
      >
        <p className="modal__text">{t('appointment.close_consent_text')}</p>
      </Modal>
    </section>
  );
}
