import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { calendarUrl, getCalendarFile } from '../../../src/api/appointments';
import type { AppointmentSummary } from '../../../src/contract/appointments';
import type { LinkedQuestionnaire } from '../../../src/domain/appointment/navigation';
import { useT } from '../../../src/i18n/useT';
import { downloadAcrossOrigins } from '../../../src/ui/download-across-origins';
import { Modal } from '../../../src/ui/Modal';
import { openQuestionnaire } from '../appointment.store';
import { $questionnaireLinks, type QuestionnaireLinks } from '../questionnaire-links.store';
import { Preparation } from './Preparation';

/** The links `<imaging-questionnaire>` takes, each shown when the server has something for it. */
const QUESTIONNAIRES: {
  type: LinkedQuestionnaire;
  label: string;
  shown: keyof QuestionnaireLinks;
}[] = [
  { type: 'PAIN_SCORE_INITIAL', label: 'appointment.action.pain_score', shown: 'painScore' },
  { type: 'CONSENT_FORM', label: 'appointment.action.consent_forms', shown: 'consentForms' },
  { type: 'FEEDBACK', label: 'appointment.action.feedback', shown: 'feedback' },
];

/** What concerns the whole booking: calendar, instructions and questionnaires (spec 2.4, 2.5, 4). */
export function BookingActions({ summary }: { summary: AppointmentSummary }) {
  const t = useT();
  const links = useStore($questionnaireLinks);
  const [instructions, setInstructions] = useState(false);
  const first =
    summary.appointments.find((a) => a.status !== 'CANCELED') ?? summary.appointments[0];
  if (!first) return null;
  const allCancelled = summary.appointments.every((a) => a.status === 'CANCELED');
  const several = summary.appointments.length > 1;
  const linked = summary.appointments
    .map((appointment) => ({
      appointment,
      items: QUESTIONNAIRES.filter((item) => links[appointment.slug]?.[item.shown]),
    }))
    .filter((entry) => entry.items.length > 0);

  return (
    <section
      className="booking-actions"
      aria-labelledby={linked.length > 0 ? 'appointment-more-title' : undefined}
      part="booking-actions"
    >
      <div className="booking-actions__row">
        {!allCancelled && (
          <a
            className="button"
            data-variant="ghost"
            href={calendarUrl(first.slug)}
            download
            onClick={(event) =>
              downloadAcrossOrigins(event, () => getCalendarFile(first.slug), 'appointment.ics')
            }
          >
            {t('appointment.action.calendar')}
          </a>
        )}
        <button
          type="button"
          className="button"
          data-variant="ghost"
          onClick={() => setInstructions(true)}
        >
          {t('appointment.action.instructions')}
        </button>
      </div>
      {linked.length > 0 && (
        <>
          <h2 id="appointment-more-title" className="booking-actions__title">
            {t('appointment.more_title')}
          </h2>
          {linked.map(({ appointment, items }) => (
            <div
              key={appointment.slug}
              className="booking-actions__row"
              role="group"
              aria-label={several ? appointment.examName : undefined}
            >
              {items.map((item) => (
                <button
                  key={item.type}
                  type="button"
                  className="button"
                  data-variant="ghost"
                  onClick={() => openQuestionnaire(item.type, appointment.slug)}
                >
                  {several ? `${t(item.label)} (${appointment.examName})` : t(item.label)}
                </button>
              ))}
            </div>
          ))}
        </>
      )}
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
            <Preparation appointment={appointment} />
          </section>
        ))}
        <ul>
          {first.documentsNeeded.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
      </Modal>
    </section>
  );
}
