import { useStore } from '@nanostores/react';
import type { AppointmentView } from '../../../src/contract/appointments';
import { useT } from '../../../src/i18n/useT';
import { openQuestionnaire } from '../appointment.store';
import { $questionnaireLinks } from '../questionnaire-links.store';

/**
 * Spec 4 "Types after booking" REQUIRED_ON_CONFIRMATION: when the server
 * lists an unanswered one for a live appointment, a required-action notice
 * with a button that opens it (back to this page). The page does not jump
 * away on its own: the patient first sees the booking is made, then what is
 * still needed (see README "Required after booking").
 */
export function RequiredQuestionnaires({
  appointments,
}: {
  appointments: readonly AppointmentView[];
}) {
  const t = useT();
  const links = useStore($questionnaireLinks);
  const waiting = appointments.filter((a) => links[a.slug]?.required);
  if (waiting.length === 0) return null;
  const several = appointments.length > 1;
  return (
    <section
      className="required-action"
      role="status"
      aria-labelledby="appointment-required-title"
      part="required-action"
    >
      <h2 id="appointment-required-title" className="required-action__title">
        {t('appointment.required_title')}
      </h2>
      <p className="required-action__text">{t('appointment.required_text')}</p>
      <div className="required-action__buttons">
        {waiting.map((appointment) => (
          <button
            key={appointment.slug}
            type="button"
            className="button"
            onClick={() => openQuestionnaire('REQUIRED_ON_CONFIRMATION', appointment.slug)}
          >
            {several
              ? t('appointment.required_open_for', { exam: appointment.examName })
              : t('appointment.required_open')}
          </button>
        ))}
      </div>
    </section>
  );
}
