import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import type { AppointmentSummary } from '../../../src/contract/appointments';
import { CALL_CENTRE_MESSAGE_MAX } from '../../../src/contract/appointments';
import { useT } from '../../../src/i18n/useT';
import { TextField } from '../../../src/ui/TextField';
import { $busy } from '../appointment.store';
import { askForCallback, sendMessage, unsubscribe } from '../contact.store';
import { NoticeView } from './NoticeView';

const PHONE = /^\+?[0-9 ()-]{8,20}$/;

/** The call-centre e-mail, the callback request and e-mail unsubscription (R-7-calls-47, R-7-calls-38). */
export function ContactCentre({ summary }: { summary: AppointmentSummary }) {
  const t = useT();
  const busy = useStore($busy);
  const first = summary.appointments[0];
  const [message, setMessage] = useState('');
  const [messageError, setMessageError] = useState(false);
  const [phone, setPhone] = useState(first?.patientDetails.contactNumber ?? '');
  const [phoneError, setPhoneError] = useState(false);
  const messageId = useId();
  const messageErrorId = useId();
  if (!first) return null;

  const submitMessage = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = event.currentTarget.querySelector('textarea');
    if (!message.trim()) {
      setMessageError(true);
      field?.focus();
      return;
    }
    if (await sendMessage(first.slug, message.trim())) setMessage('');
  };

  const submitCallback = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!PHONE.test(phone.trim())) {
      setPhoneError(true);
      event.currentTarget.querySelector('input')?.focus();
      return;
    }
    await askForCallback(first.slug, phone.trim());
  };

  return (
    // Folded away until wanted: the page leads with the appointment, not with forms.
    <details className="contact-centre" part="contact">
      <summary>
        <h2 id="appointment-contact-title">{t('appointment.contact_title')}</h2>
      </summary>
      <form noValidate onSubmit={(event) => void submitMessage(event)}>
        <div className="field" data-invalid={messageError ? 'true' : undefined}>
          <label className="field__label" htmlFor={messageId}>
            {t('appointment.message_label')}
          </label>
          <textarea
            id={messageId}
            className="field__input"
            rows={3}
            maxLength={CALL_CENTRE_MESSAGE_MAX}
            value={message}
            aria-invalid={messageError ? true : undefined}
            aria-describedby={messageError ? messageErrorId : undefined}
            onChange={(event) => {
              setMessage(event.target.value);
              setMessageError(false);
            }}
          />
          {messageError && (
            <p className="field__error" id={messageErrorId}>
              {t('appointment.message_required')}
            </p>
          )}
        </div>
        <button type="submit" className="button" data-variant="ghost" disabled={busy === 'message'}>
          {busy === 'message' ? t('appointment.working') : t('appointment.message_send')}
        </button>
        <NoticeView slug={null} at="message" />
      </form>
      <form noValidate onSubmit={(event) => void submitCallback(event)}>
        <TextField
          label={t('appointment.callback_label')}
          type="tel"
          autoComplete="tel"
          value={phone}
          error={phoneError ? t('appointment.callback_invalid') : undefined}
          onChange={(event) => {
            setPhone(event.target.value);
            setPhoneError(false);
          }}
        />
        <button
          type="submit"
          className="button"
          data-variant="ghost"
          disabled={busy === 'callback'}
        >
          {busy === 'callback' ? t('appointment.working') : t('appointment.callback_send')}
        </button>
        <NoticeView slug={null} at="callback" />
      </form>
      {!first.emailsUnsubscribed && (
        <button
          type="button"
          className="link-button"
          disabled={busy === 'unsubscribe'}
          onClick={() => void unsubscribe(first.slug)}
        >
          {t('appointment.unsubscribe')}
        </button>
      )}
      <NoticeView slug={null} at="unsubscribe" />
    </details>
  );
}
