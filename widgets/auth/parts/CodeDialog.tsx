import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { OtpSent } from '../../../src/contract/patient-auth';
import { validateOtp, type AuthFieldError } from '../../../src/domain/auth/auth-validation';
import { useT } from '../../../src/i18n/useT';
import { Modal } from '../../../src/ui/Modal';
import { TextField } from '../../../src/ui/TextField';

export interface CodeDialogProps {
  open: boolean;
  otpSent: OtpSent | null;
  loading: boolean;
  serverError: string | null;
  /** Seconds until resend works (0 = now). */
  resendIn: number;
  onSubmit: (code: string) => void;
  onResend: () => void;
  onBack: () => void;
}

/** R-2.4-15, R-5-06..09: the one-time code, with a resend button that counts down. */
export function CodeDialog(props: CodeDialogProps) {
  const t = useT();
  const [code, setCode] = useState('');
  const [error, setError] = useState<AuthFieldError | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const channel = props.otpSent?.channel === 'sms' ? 'auth.code_sent_sms' : 'auth.code_sent_email';

  // A wrong code: the field is cleared and takes the focus again.
  useEffect(() => {
    if (props.serverError) {
      setCode('');
      inputRef.current?.focus();
    }
  }, [props.serverError]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateOtp(code);
    setError(invalid);
    if (invalid) {
      inputRef.current?.focus();
      return;
    }
    props.onSubmit(code.trim());
  };

  const fieldError =
    (error && t(error.key, error.field ? { field: t(error.field) } : undefined)) ||
    props.serverError ||
    undefined;

  return (
    <Modal
      open={props.open}
      title={t('auth.code_title')}
      onClose={() => undefined}
      static
      size="sm"
    >
      <form className="auth-form" noValidate onSubmit={onSubmit} part="code-form">
        <p className="modal__text">{t(channel, { destination: props.otpSent?.sentTo ?? '' })}</p>
        <TextField
          ref={inputRef}
          label={t('auth.code_label')}
          hint={t('auth.code_hint')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          pattern="[0-9]{6}"
          value={code}
          error={fieldError}
          data-autofocus=""
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
        />
        {props.serverError && (
          <p className="visually-hidden" role="alert">
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
            {t('auth.verify')}
          </button>
          <button
            type="button"
            className="button"
            data-variant="ghost"
            disabled={props.resendIn > 0 || props.loading}
            onClick={props.onResend}
            part="resend"
          >
            {props.resendIn > 0
              ? t('auth.resend_in', { seconds: props.resendIn })
              : t('auth.resend')}
          </button>
          <button type="button" className="link-button" onClick={props.onBack}>
            {t('auth.change_details')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
