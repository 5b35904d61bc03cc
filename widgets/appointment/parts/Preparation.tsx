import type { AppointmentView } from '../../../src/contract/appointments';
import { useT } from '../../../src/i18n/useT';
import { PhoneText } from '../../../src/ui/PhoneText';

/**
 * "How to prepare": the exam's preparation, then what the patient's
 * questionnaire answers mean for this visit (PATIENT_NOTE outcomes kept
 * with the appointment, issue 13), phone numbers tap-to-call.
 */
export function Preparation({ appointment }: { appointment: AppointmentView }) {
  const t = useT();
  // A page rendered from an older server's answer has no notes.
  const notes = appointment.patientNotes ?? [];
  return (
    <>
      {(appointment.preparation || notes.length === 0) && (
        <p className="appointment__preparation">
          {appointment.preparation || t('appointment.no_preparation')}
        </p>
      )}
      {notes.length > 0 && (
        <div className="appointment__notes" part="patient-notes">
          <p className="appointment__notes-title">{t('appointment.from_your_answers')}</p>
          <ul>
            {notes.map((note) => (
              <li key={note.message}>
                <PhoneText text={t(note.message, note.messageParams)} params={note.messageParams} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
