import { useState, type FormEvent } from 'react';
import { useT } from '../../src/i18n/useT';
import { saveDeviceName } from '../../src/stores/kiosk-identity.store';
import { Modal } from '../../src/ui/Modal';
import { TextField } from '../../src/ui/TextField';

/**
 * The kiosk device name modal (spec 2.5, 5 "Kiosk device name is
 * required"): static, so the kiosk cannot be used unnamed; Save stays
 * disabled while the name is empty. The name goes into the kioskIdentity cookie.
 */
export function DeviceNameModal({ open }: { open: boolean }) {
  const t = useT();
  const [name, setName] = useState('');
  const empty = name.trim() === '';
  const formId = 'kiosk-device-name';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!empty) saveDeviceName(name);
  };
  return (
    <Modal
      open={open}
      static
      size="sm"
      title={t('kiosk.device_title')}
      onClose={() => undefined}
      actions={
        <button type="submit" form={formId} className="button" disabled={empty}>
          {t('kiosk.device_save')}
        </button>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <p className="modal__text">{t('kiosk.device_text')}</p>
        <TextField
          label={t('kiosk.device_label')}
          value={name}
          required
          autoComplete="off"
          maxLength={80}
          data-autofocus
          onChange={(event) => setName(event.target.value)}
        />
      </form>
    </Modal>
  );
}
