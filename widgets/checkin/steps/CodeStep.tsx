import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { OtpSent } from '../../../src/contract/patient-auth';
import { useT } from '../../../src/i18n/useT';
import { TextField } from '../../../src/ui/TextField';

export interface CodeStepProps {
  otpSent: OtpSent | null;
  loading: boolean;
  errorMessage: string | null;
  onSubmit: (code: string) => void;
  onResend: () => void;
}

/** R-4-checkin-03: VERIFY_OTP, the 6-digit code sent by SMS or e-mail. */
export function CodeStep({ otpSent, loading, errorMessage, onSubmit, onResend }: CodeStepProps) {
  const t = useT();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!errorMessage) return;
    setCode('');
    input.current?.focus();
  }, [errorMessage]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const ok = /^\d{6}$/.test(code);
    setInvalid(!ok);
    if (ok) onSubmit(code);
    else input.current?.focus();
  };
  const channel = otpSent?.channel === 'sms' ? 'checkin.code.sent_sms' : 'checkin.code.sent_email';
  const error = invalid ? t('checkin.code.invalid') : errorMessage ? t(errorMessage) : undefined;
  return (
    <form className="checkin-form" noValidate onSubmit={submit} part="code-form">
      <p>{t(channel, { destination: otpSent?.sentTo ?? '' })}</p>
      <TextField
        ref={input}
        label={t('checkin.code.label')}
        hint={t('checkin.code.hint')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        pattern="[0-9]{6}"
        value={code}
        error={error}
        autoFocus
        onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
      />
      {errorMessage && (
        <p className="visually-hidden" role="alert">
          {t(errorMessage)}
        </p>
      )}
      <div className="checkin-actions">
        <button type="submit" className="button checkin-primary" disabled={loading}>
          {t(loading ? 'checkin.checking' : 'checkin.code.verify')}
        </button>
        <button
          type="button"
          className="button"
          data-variant="ghost"
          disabled={loading}
          onClick={onResend}
        >
          {t('checkin.code.resend')}
        </button>
      </div>
    </form>
  );
}
