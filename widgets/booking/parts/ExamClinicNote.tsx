import { useStore } from '@nanostores/react';
import { useT } from '../../../src/i18n/useT';
import { $selectedClinic } from '../clinics.store';

/** The clinic chosen before the exam (navigateFromClinic); loads with the clinic data, not with the element. */
export function ExamClinicNote() {
  const t = useT();
  const clinic = useStore($selectedClinic);
  return clinic ? (
    <p className="step__lead">{t('booking.exam.at_clinic', { clinic: clinic.name })}</p>
  ) : null;
}
