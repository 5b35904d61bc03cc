import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import type { CheckInAppointment, CheckInGender } from '../../../src/contract/check-in';
import {
  isCheckInFormValid,
  normalisedMedicare,
  validateCheckInForm,
  type CheckInField,
} from '../../../src/domain/check-in/check-in-form';
import { useT } from '../../../src/i18n/useT';
import { TextField } from '../../../src/ui/TextField';
import { submitForm } from '../checkin-submit.store';
import { $checkInDraft, editCheckInDraft } from '../checkin-form.store';
import { checkInEnv } from '../checkin.store';
import { DoctorCombobox } from './DoctorCombobox';

export interface FormStepProps {
  appointment: CheckInAppointment;
  loading: boolean;
  errorMessage: string | null;
}

const GENDERS: CheckInGender[] = ['Female', 'Male', 'Other'];

/** The digital check-in form (spec 2.5, 5: R-5-25..30). Loaded on demand. */
export function FormStep({ appointment, loading, errorMessage }: FormStepProps) {
  const t = useT();
  const values = useStore($checkInDraft);
  const [touched, setTouched] = useState<Partial<Record<CheckInField, boolean>>>({});
  const showGender = appointment.checkIn.showGenderSelection;
  const today = checkInEnv.today();
  const errors = validateCheckInForm(values, { showGender, today });
  const valid = isCheckInFormValid(errors);
  const errorOf = (field: CheckInField) =>
    touched[field] && errors[field] ? t(errors[field]) : undefined;
  const touch = (field: CheckInField) => setTouched((now) => ({ ...now, [field]: true }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || loading || !values.referrer) return;
    void submitForm({
      referrer: values.referrer.id,
      dateOfReferral: values.dateOfReferral,
      medicareNumber: normalisedMedicare(values.medicareNumber),
      referenceNumber: values.referenceNumber.trim(),
      ...(showGender ? { gender: values.gender || null } : {}),
    });
  };
  return (
    <form className="checkin-form" noValidate onSubmit={submit} part="check-in-form">
      <p>{t('checkin.form.lead')}</p>
      <DoctorCombobox
        slug={appointment.slug}
        value={values.referrer}
        error={touched.referrer || values.referrer ? errorOf('referrer') : undefined}
        onChange={(referrer) => {
          editCheckInDraft({ referrer });
          if (referrer) touch('referrer');
        }}
      />
      <TextField
        label={t('checkin.form.date_of_referral')}
        type="date"
        max={today}
        value={values.dateOfReferral}
        error={errorOf('dateOfReferral')}
        required
        onBlur={() => touch('dateOfReferral')}
        onChange={(event) => editCheckInDraft({ dateOfReferral: event.target.value })}
      />
      <TextField
        label={t('checkin.form.medicare')}
        hint={t('checkin.form.medicare_hint')}
        inputMode="numeric"
        value={values.medicareNumber}
        error={errorOf('medicareNumber')}
        required
        onBlur={() => touch('medicareNumber')}
        onChange={(event) => editCheckInDraft({ medicareNumber: event.target.value })}
      />
      <TextField
        label={t('checkin.form.reference')}
        hint={t('checkin.form.reference_hint')}
        inputMode="numeric"
        maxLength={1}
        value={values.referenceNumber}
        error={errorOf('referenceNumber')}
        required
        onBlur={() => touch('referenceNumber')}
        onChange={(event) => editCheckInDraft({ referenceNumber: event.target.value })}
      />
      {showGender && (
        <div className="field" data-invalid={errorOf('gender') ? 'true' : undefined}>
          <label className="field__label" htmlFor="checkin-gender">
            {t('checkin.form.gender')}
          </label>
          <select
            id="checkin-gender"
            className="field__input"
            value={values.gender}
            aria-invalid={errorOf('gender') ? true : undefined}
            aria-describedby={errorOf('gender') ? 'checkin-gender-error' : undefined}
            onBlur={() => touch('gender')}
            onChange={(event) => editCheckInDraft({ gender: event.target.value as CheckInGender })}
          >
            <option value="">{t('checkin.form.gender_choose')}</option>
            {GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {t(`checkin.form.gender_${gender.toLowerCase()}`)}
              </option>
            ))}
          </select>
          {errorOf('gender') && (
            <p className="field__error" id="checkin-gender-error">
              {errorOf('gender')}
            </p>
          )}
        </div>
      )}
      {errorMessage && (
        <p className="notice notice--error" role="alert">
          {t(errorMessage)}
        </p>
      )}
      <button type="submit" className="button checkin-primary" disabled={!valid || loading}>
        {t(loading ? 'checkin.sending' : 'checkin.form.submit')}
      </button>
    </form>
  );
}
