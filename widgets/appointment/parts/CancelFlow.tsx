import { useStore } from '@nanostores/react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import type { AppointmentView, CancelReason } from '../../../src/contract/appointments';
import { CANCEL_NOTE_MAX } from '../../../src/contract/appointments';
import type { Answers, Questionnaire } from '../../../src/contract/questionnaire';
import { toApiError } from '../../../src/api/errors';
import { cancelReasonKey } from '../../../src/domain/i18n/appointment-texts';
import { textOr } from '../../../src/i18n/i18n';
import { useT } from '../../../src/i18n/useT';
import { Modal } from '../../../src/ui/Modal';
import { $busy } from '../appointment.store';
import { cancel, cancelQuestionnaire, keepAppointment, type CancelHow } from '../cancel.store';
import { importWithRetry } from '../../../src/ui/lazy-retry';

const CancelQuestions = lazy(() => importWithRetry(() => import('./CancelQuestions')));

/**
 * R-4-cancel-02/03/04, R-2.5-22: a confirm modal, then one modal that asks
 * why (the cancel questionnaire's questions when one applies, else a
 * reason and an optional note) and cancels in one call. The modal closes
 * only on a cancelled appointment; otherwise it says plainly that the
 * appointment is not cancelled, and why, with everything typed kept. Closed
 * without cancelling, the page says below the buttons that it stays booked.
 */
export function CancelFlow({
  open,
  appointment,
  reasons,
  when,
  onClose,
}: {
  open: boolean;
  appointment: AppointmentView;
  reasons: CancelReason[];
  when: string;
  onClose: () => void;
}) {
  const t = useT();
  const busy = useStore($busy);
  const [step, setStep] = useState<'confirm' | 'reason'>('confirm');
  const [questionnaire, setQuestionnaire] = useState<Questionnaire | null>(null);
  const [checking, setChecking] = useState(false);
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const firstReason = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const noteId = useId();

  const close = () => {
    setStep('confirm');
    setQuestionnaire(null);
    setReason('');
    setNote('');
    setError(false);
    setFailure(null);
    onClose();
  };

  /** Closed without cancelling (No, ×, Escape): the page says the appointment stays booked. */
  const keep = () => {
    close();
    keepAppointment(appointment.slug);
  };

  /** "Yes, cancel it": which questions to ask (the cancel questionnaire's, or the reasons). */
  const goOn = async () => {
    setChecking(true);
    setFailure(null);
    try {
      setQuestionnaire(await cancelQuestionnaire(appointment.slug));
      setStep('reason');
    } catch (failed) {
      setFailure(toApiError(failed).messageKey);
    } finally {
      setChecking(false);
    }
  };

  const send = async (how: CancelHow) => {
    setFailure(null);
    const outcome = await cancel(appointment.slug, how);
    if (outcome.cancelled) close();
    else setFailure(outcome.messageKey);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError(true);
      firstReason.current?.focus();
      return;
    }
    void send({ reason: { label: reason }, note });
  };

  const notCancelled = failure ? t('appointment.not_cancelled', { reason: t(failure) }) : undefined;

  return (
    <>
      <Modal
        open={open && step === 'confirm'}
        title={t('appointment.cancel_confirm_title')}
        onClose={keep}
        size="sm"
        actions={
          <>
            <button
              type="button"
              className="button"
              data-variant="ghost"
              onClick={keep}
              data-autofocus
            >
              {t('appointment.cancel_confirm_no')}
            </button>
            <button
              type="button"
              className="button"
              data-variant="danger"
              disabled={checking}
              aria-busy={checking}
              onClick={() => void goOn()}
            >
              {checking ? t('appointment.working') : t('appointment.cancel_confirm_yes')}
            </button>
          </>
        }
      >
        <p className="modal__text">
          {t('appointment.cancel_confirm_text', {
            exam: appointment.examName,
            clinic: appointment.clinicName,
            when,
          })}
        </p>
        {notCancelled && (
          <p role="alert" className="notice notice--error">
            {notCancelled}
          </p>
        )}
      </Modal>
      <Modal
        open={open && step === 'reason'}
        title={questionnaire?.title || t('appointment.cancel_reason_title')}
        onClose={keep}
      >
        {questionnaire ? (
          <Suspense fallback={<p role="status">{t('appointment.working')}</p>}>
            <CancelQuestions
              questionnaire={questionnaire}
              busy={busy === 'cancel'}
              error={notCancelled}
              submitLabel={t('appointment.cancel_submit')}
              onSubmit={(answers: Answers) => void send({ questionnaire, answers })}
            />
          </Suspense>
        ) : (
          <form onSubmit={submit} noValidate className="cancel-reason">
            <fieldset
              className="choice-group"
              aria-describedby={error ? errorId : undefined}
              aria-invalid={error ? true : undefined}
            >
              <legend className="choice-group__legend">
                {t('appointment.cancel_reason_legend')}
              </legend>
              {error && (
                <p className="field__error" id={errorId}>
                  {t('appointment.cancel_reason_required')}
                </p>
              )}
              <div className="choice-group__options choice-group__options--stacked">
                {reasons.map((item, index) => (
                  <label
                    key={item.label}
                    className="choice"
                    data-state={reason === item.label ? 'checked' : 'unchecked'}
                  >
                    <input
                      ref={index === 0 ? firstReason : undefined}
                      type="radio"
                      name="cancel-reason"
                      value={item.label}
                      checked={reason === item.label}
                      data-autofocus={index === 0 ? true : undefined}
                      onChange={() => {
                        setReason(item.label);
                        setError(false);
                      }}
                    />
                    {textOr(cancelReasonKey(item.label), item.label)}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="field">
              <label className="field__label" htmlFor={noteId}>
                {t('appointment.cancel_note')}
              </label>
              <textarea
                id={noteId}
                className="field__input"
                rows={3}
                maxLength={CANCEL_NOTE_MAX}
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
            </div>
            {notCancelled && (
              <p role="alert" className="notice notice--error">
                {notCancelled}
              </p>
            )}
            <div className="modal__actions">
              <button type="button" className="button" data-variant="ghost" onClick={keep}>
                {t('appointment.cancel_confirm_no')}
              </button>
              <button
                type="submit"
                className="button"
                data-variant="danger"
                disabled={busy === 'cancel'}
                aria-busy={busy === 'cancel'}
              >
                {busy === 'cancel' ? t('appointment.working') : t('appointment.cancel_submit')}
              </button>
            </div>
          </form>
        )}
      </Modal>
    </>
  );
}
