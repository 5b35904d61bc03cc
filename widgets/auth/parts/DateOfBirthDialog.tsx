import { useId, useRef, useState, type FormEvent } from 'react';
import {
  fromIsoDate,
  localIsoDate,
  normaliseContactNumber,
  toIsoDate,
  validateContactNumber,
  validateDateOfBirth,
  type AuthFieldError,
  type DateParts,
} from '../../../src/domain/auth/auth-validation';
import { useT } from '../../../src/i18n/useT';
import { Modal } from '../../../src/ui/Modal';
import { TextField } from '../../../src/ui/TextField';

export interface DateOfBirthDialogProps {
  open: boolean;
  title: string;
  message: string;
  submitText: string;
  showContactNumber: boolean;
  initialDateOfBirth: string | null;
  loading: boolean;
  /** Translated failure of the last attempt. */
  serverError: string | null;
  cookieBanner: boolean;
  onSubmit: (dateOfBirth: string, contactNumber: string) => void;
}

/**
 * R-2.4-14: the date of birth in three numeric fields (they work by keyboard,
 * with a phone's number pad and with autofill) and the optional contact number.
 */
export function DateOfBirthDialog(props: DateOfBirthDialogProps) {
  const t = useT();
  const id = useId();
  const [parts, setParts] = useState<DateParts>(() => fromIsoDate(props.initialDateOfBirth));
  const [contactNumber, setContactNumber] = useState('');
  const [errors, setErrors] = useState<{ dob?: AuthFieldError; contact?: AuthFieldError }>({});
  const dayRef = useRef<HTMLInputElement>(null);
  const contactRef = useRef<HTMLInputElement>(null);
  const text = (error: AuthFieldError | undefined) =>
    error && t(error.key, error.field ? { field: t(error.field) } : undefined);
  const dobErrorId = `${id}-dob-error`;
  const describedBy = [errors.dob ? dobErrorId : '', props.serverError ? `${id}-server` : '']
    .filter(Boolean)
    .join(' ');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const dob = validateDateOfBirth(parts, localIsoDate(new Date())) ?? undefined;
    const contact = props.showContactNumber
      ? (validateContactNumber(contactNumber) ?? undefined)
      : undefined;
    setErrors({ dob, contact });
    if (dob) dayRef.current?.focus();
    else if (contact) contactRef.current?.focus();
    const iso = toIsoDate(parts);
    if (dob || contact || !iso) return;
    props.onSubmit(iso, props.showContactNumber ? normaliseContactNumber(contactNumber) : '');
  };

  const field = (name: keyof DateParts, label: string, autoComplete: string, size: number) => (
    <div className="dob__part">
      <label className="field__label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <input
        ref={name === 'day' ? dayRef : undefined}
        id={`${id}-${name}`}
        className="field__input"
        data-size={size}
        inputMode="numeric"
        autoComplete={autoComplete}
        maxLength={size}
        value={parts[name]}
        aria-invalid={errors.dob ? true : undefined}
        aria-describedby={describedBy || undefined}
        data-autofocus={name === 'day' ? '' : undefined}
        onChange={(event) => setParts({ ...parts, [name]: event.target.value.replace(/\D/g, '') })}
      />
    </div>
  );

  return (
    <Modal open={props.open} title={props.title} onClose={() => undefined} static size="sm">
      <form className="auth-form" noValidate onSubmit={onSubmit} part="date-of-birth-form">
        {props.cookieBanner && (
          <p className="notice notice--error" role="alert">
            {t('message.authentication_cookies_error')}
          </p>
        )}
        <p className="modal__text">{props.message}</p>
        <fieldset className="dob" data-invalid={errors.dob ? 'true' : undefined}>
          <legend className="field__label">{t('auth.date_of_birth')}</legend>
          <div className="dob__parts">
            {field('day', t('auth.day'), 'bday-day', 2)}
            {field('month', t('auth.month'), 'bday-month', 2)}
            {field('year', t('auth.year'), 'bday-year', 4)}
          </div>
          {errors.dob && (
            <p className="field__error" id={dobErrorId}>
              {text(errors.dob)}
            </p>
          )}
        </fieldset>
        {props.showContactNumber && (
          <TextField
            ref={contactRef}
            label={t('auth.contact_number')}
            hint={t('auth.contact_number_hint')}
            inputMode="tel"
            autoComplete="tel-national"
            value={contactNumber}
            error={text(errors.contact)}
            onChange={(event) => setContactNumber(event.target.value)}
          />
        )}
        {props.serverError && (
          <p className="notice notice--error" role="alert" id={`${id}-server`}>
            {props.serverError}
          </p>
        )}
        {props.loading && (
          <p role="status" className="auth-status">
            {t('auth.authenticating')}
          </p>
        )}
        <div className="modal__actions">
          <button type="submit" className="button" disabled={props.loading}>
            {props.submitText}
          </button>
        </div>
      </form>
    </Modal>
  );
}
