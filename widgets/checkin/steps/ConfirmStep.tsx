import { useQuietStore } from '../../../src/stores/useQuietStore';
import type { CheckInAppointment } from '../../../src/contract/check-in';
import { clinicDateTime } from '../../../src/domain/check-in/clinic-time';
import { useT } from '../../../src/i18n/useT';
import { $locale } from '../../../src/stores/locale.store';

export interface ConfirmStepProps {
  appointments: CheckInAppointment[];
  slug: string | null;
  loading: boolean;
  onChoose: (slug: string) => void;
  onConfirm: () => void;
}

/** R-4-checkin-08: today's appointments; the patient confirms the one to check in for. */
export function ConfirmStep({
  appointments,
  slug,
  loading,
  onChoose,
  onConfirm,
}: ConfirmStepProps) {
  const t = useT();
  const locale = useQuietStore($locale);
  return (
    <div className="checkin-confirm" part="confirm">
      <p>{t(appointments.length > 1 ? 'checkin.confirm.lead_many' : 'checkin.confirm.lead')}</p>
      <fieldset className="checkin-appointments">
        <legend className="visually-hidden">{t('checkin.confirm.legend')}</legend>
        {appointments.map((appointment) => (
          <label key={appointment.slug} className="checkin-appointment" part="appointment-option">
            <input
              type="radio"
              name="appointment"
              checked={appointment.slug === slug}
              onChange={() => onChoose(appointment.slug)}
            />
            <span>
              <strong>{appointment.examName}</strong>
              <span>{clinicDateTime(appointment.date, appointment.timeZone, locale)}</span>
              <span>{appointment.clinicName}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <button
        type="button"
        className="button checkin-primary"
        disabled={loading || !slug}
        onClick={onConfirm}
      >
        {t('checkin.confirm.submit')}
      </button>
    </div>
  );
}
