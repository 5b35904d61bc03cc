import { useStore } from '@nanostores/react';
import { useId, useRef, useState } from 'react';
import type { AppointmentView, CancelReason } from '../../../src/contract/appointments';
import { CANCEL_NOTE_MAX } from '../../../src/contract/appointments';
import { useT } from '../../../src/i18n/useT';
import { Modal } from '../../../src/ui/Modal';
import { $busy, cancel } from '../appointment.store';

/**
 * R-4-cancel-02/04, R-2.5-22: a confirm modal, then the cancel-reason modal
 * (a reason is required, the note optional), then the cancel with a loading
 * state.
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
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState(false);
  const firstReason = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const noteId = useId();

  const close = () => {
    setStep('confirm');
    setReason('');
    setNote('');
    setError(false);
    onClose();
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError(true);
      firstReason.current?.focus();
      return;
    }
    // Success or failure, the outcome shows as the appointment's notice.
    await cancel(appointment.slug, { label: reason }, note);
    close();
  };

  return (
    <>
      <Modal
        open={open && step === 'confirm'}
        title={t('appointment.cancel_confirm_title')}
        onClose={close}
        size="sm"
        actions={
          <>
            <button
              type="button"
              className="button"
              data-variant="ghost"
              onClick={close}
              data-autofocus
            >
              {t('appointment.cancel_confirm_no')}
            </button>
            <button
              type="button"
              className="button"
              data-variant="danger"
              onClick={() => setStep('reason')}
            >
              {t('appointment.cancel_confirm_yes')}
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
      </Modal>
      <Modal
        open={open && step === 'reason'}
        title={t('appointment.cancel_reason_title')}
        onClose={close}
      >
        <form onSubmit={(event) => void submit(event)} noValidate className="cancel-reason">
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
                  {item.label}
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
          <div className="modal__actions">
            <button type="button" className="button" data-variant="ghost" onClick={close}>
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
      </Modal>
    </>
  );
}
