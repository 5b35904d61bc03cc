import { useState, type FormEvent } from 'react';
import { useT } from '../../../src/i18n/useT';
import { TextField } from '../../../src/ui/TextField';

export interface IdentityStepProps {
  loading: boolean;
  /** What the patient typed before (Back returned here): kept. */
  initial?: { lastName: string; dateOfBirth: string };
  onSubmit: (lastName: string, dateOfBirth: string) => void;
}

/** R-4-checkin-01: the kiosk's first step, last name and date of birth. */
export function IdentityStep({ loading, initial, onSubmit }: IdentityStepProps) {
  const t = useT();
  const [lastName, setLastName] = useState(initial?.lastName ?? '');
  const [dateOfBirth, setDateOfBirth] = useState(initial?.dateOfBirth ?? '');
  const [touched, setTouched] = useState(false);
  const lastNameError =
    touched && !lastName.trim() ? t('checkin.identity.last_name_required') : undefined;
  const dobError = touched && !dateOfBirth ? t('checkin.identity.dob_required') : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (lastName.trim() && dateOfBirth) onSubmit(lastName, dateOfBirth);
  };
  return (
    <form className="checkin-form" noValidate onSubmit={submit} part="identity-form">
      <p>{t('checkin.identity.lead')}</p>
      <TextField
        label={t('checkin.identity.last_name')}
        autoComplete="family-name"
        value={lastName}
        error={lastNameError}
        required
        onChange={(event) => setLastName(event.target.value)}
      />
      <TextField
        label={t('checkin.identity.date_of_birth')}
        type="date"
        autoComplete="bday"
        value={dateOfBirth}
        error={dobError}
        required
        onChange={(event) => setDateOfBirth(event.target.value)}
      />
      <button type="submit" className="button checkin-primary" disabled={loading}>
        {t(loading ? 'checkin.sending' : 'checkin.identity.submit')}
      </button>
    </form>
  );
}
