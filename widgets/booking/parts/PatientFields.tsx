import { useStore } from '@nanostores/react';
import type { Sex } from '../../../src/contract/booking';
import {
  SEXES,
  type BookingField,
  type FieldError,
} from '../../../src/domain/booking/form-validation';
import { useT } from '../../../src/i18n/useT';
import { TextField } from '../../../src/ui/TextField';
import { $requiredFields } from '../booking-options.store';
import { $bookingForm, $formErrors, deviceToday, setField } from '../booking-form.store';

const SEX_LABELS: Record<Sex, string> = {
  FEMALE: 'booking.form.sex_female',
  MALE: 'booking.form.sex_male',
  INDETERMINATE: 'booking.form.sex_indeterminate',
};

type TextFieldName = Exclude<BookingField, 'sex'>;

const TEXT_FIELDS: {
  name: TextFieldName;
  label: string;
  type: string;
  autoComplete: string;
  inputMode?: 'numeric' | 'tel' | 'email';
  hint?: string;
}[] = [
  { name: 'firstName', label: 'booking.form.first_name', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: 'booking.form.last_name', type: 'text', autoComplete: 'family-name' },
  { name: 'dateOfBirth', label: 'booking.form.date_of_birth', type: 'date', autoComplete: 'bday' },
  {
    name: 'email',
    label: 'booking.form.email',
    type: 'email',
    autoComplete: 'email',
    inputMode: 'email',
  },
  {
    name: 'contactNumber',
    label: 'booking.form.contact_number',
    type: 'tel',
    autoComplete: 'tel',
    inputMode: 'tel',
    hint: 'booking.form.contact_number_hint',
  },
  {
    name: 'postalCode',
    label: 'booking.form.postal_code',
    type: 'text',
    autoComplete: 'postal-code',
    inputMode: 'numeric',
  },
  // R-4-quest-05: shown only when an outcome (or the element's attribute) requires them.
  {
    name: 'medicareNumber',
    label: 'booking.form.medicare_number',
    type: 'text',
    autoComplete: 'off',
    inputMode: 'numeric',
    hint: 'booking.form.medicare_number_hint',
  },
  {
    name: 'validationCode',
    label: 'booking.form.validation_code',
    type: 'text',
    autoComplete: 'off',
    hint: 'booking.form.validation_code_hint',
  },
];

/** The patient's details; every field labelled, its error tied to it with aria-describedby. */
export function PatientFields() {
  const t = useT();
  const values = useStore($bookingForm);
  const errors = useStore($formErrors);
  const required = useStore($requiredFields);
  const message = (error: FieldError | undefined) =>
    error ? t(error.key, { field: t(error.field) }) : undefined;
  const sexError = message(errors.sex);
  const textField = (field: (typeof TEXT_FIELDS)[number]) => (
    <TextField
      key={field.name}
      name={field.name}
      label={t(field.label)}
      type={field.type}
      autoComplete={field.autoComplete}
      inputMode={field.inputMode}
      hint={field.hint ? t(field.hint) : undefined}
      max={field.name === 'dateOfBirth' ? deviceToday() : undefined}
      value={values[field.name]}
      error={message(errors[field.name])}
      required
      onChange={(event) => setField(field.name, event.target.value)}
    />
  );
  return (
    <>
      {TEXT_FIELDS.slice(0, 5).map(textField)}
      <fieldset
        className="choice-group"
        aria-describedby={sexError ? 'booking-sex-error' : undefined}
        data-invalid={sexError ? 'true' : undefined}
      >
        <legend className="choice-group__legend">{t('booking.form.sex')}</legend>
        <div className="choice-group__options">
          {SEXES.map((sex) => (
            <label
              key={sex}
              className="choice"
              data-state={values.sex === sex ? 'checked' : undefined}
            >
              <input
                type="radio"
                name="sex"
                value={sex}
                checked={values.sex === sex}
                aria-invalid={sexError ? true : undefined}
                aria-describedby={sexError ? 'booking-sex-error' : undefined}
                onChange={() => setField('sex', sex)}
              />
              <span>{breakAfterSlashes(t(SEX_LABELS[sex]))}</span>
            </label>
          ))}
        </div>
        {sexError && (
          <p className="field__error" id="booking-sex-error">
            {sexError}
          </p>
        )}
      </fieldset>
      {textField(TEXT_FIELDS[5]!)}
      {required.medicareNumberRequired && textField(TEXT_FIELDS[6]!)}
      {required.validationCodeRequired && textField(TEXT_FIELDS[7]!)}
    </>
  );
}

/**
 * "Indeterminate/intersex/unspecified" is one word to the line breaker: on a
 * phone it broke mid-word. A zero-width space after each slash lets it wrap
 * between its parts instead (issue 13 part 11).
 */
function breakAfterSlashes(label: string): string {
  return label.replace(/\//g, '/\u200B');
}
