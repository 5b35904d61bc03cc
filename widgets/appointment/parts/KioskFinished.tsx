import type { AppointmentSummary, AppointmentView } from '../../../src/contract/appointments';
import { useT } from '../../../src/i18n/useT';
import { KioskFinishCountdown } from '../../../src/features/kiosk-finish/KioskFinishCountdown';
import { useWhen } from './AppointmentCard';

/**
 * The appointment page at a kiosk: a short confirmation (what, when,
 * where), then the kiosk home by itself. Nothing to manage, no phone
 * number, no uploads: the next patient must find nothing of this one.
 */
export function KioskFinished({ summary }: { summary: AppointmentSummary }) {
  const t = useT();
  return (
    <section className="kiosk-finished" part="kiosk-finished">
      <p className="appointment-page__lead">{t('appointment.kiosk_lead')}</p>
      <ul className="kiosk-finished__list">
        {summary.appointments.map((appointment) => (
          <KioskItem key={appointment.slug} appointment={appointment} />
        ))}
      </ul>
      <KioskFinishCountdown />
    </section>
  );
}

function KioskItem({ appointment }: { appointment: AppointmentView }) {
  const when = useWhen(appointment);
  return (
    <li>
      <strong>{appointment.examName}</strong>
      <span>{when}</span>
      <span>{appointment.clinic.name}</span>
    </li>
  );
}
