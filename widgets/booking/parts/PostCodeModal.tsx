import { useId, useState, type FormEvent } from 'react';
import { useT } from '../../../src/i18n/useT';
import { Modal } from '../../../src/ui/Modal';
import { TextField } from '../../../src/ui/TextField';

interface PostCodeModalProps {
  open: boolean;
  title: string;
  /** Why a post code is asked for (the can't-locate modal, R-8-17). */
  message?: string;
  error?: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: (code: string) => void | Promise<void>;
}

/** R-2.5-02, R-5-20: the post-code modal; it submits only when a value is given. */
export function PostCodeModal({
  open,
  title,
  message,
  error,
  busy,
  onClose,
  onSubmit,
}: PostCodeModalProps) {
  const t = useT();
  const [code, setCode] = useState('');
  const formId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) void onSubmit(code.trim());
  };
  return (
    <Modal
      open={open}
      title={title}
      size="sm"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button" data-variant="ghost" onClick={onClose}>
            {t('action.cancel')}
          </button>
          <button type="submit" form={formId} className="button" disabled={!code.trim() || busy}>
            {t('booking.post_code.submit')}
          </button>
        </>
      }
    >
      {message && <p className="modal__text">{message}</p>}
      <form id={formId} onSubmit={submit} noValidate>
        <TextField
          label={t('booking.post_code.label')}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={4}
          value={code}
          error={error}
          onChange={(event) => setCode(event.target.value)}
          data-autofocus
        />
      </form>
    </Modal>
  );
}
