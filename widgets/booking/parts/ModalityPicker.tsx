import { useStore } from '@nanostores/react';
import { useT } from '../../../src/i18n/useT';
import { $booking } from '../booking.store';
import { $modalities } from '../catalogue.store';
import { chooseModality } from '../flow.store';

/** The scan types as toggle buttons; choosing one lists its exams. */
export function ModalityPicker() {
  const t = useT();
  const modalities = useStore($modalities);
  const { params } = useStore($booking);
  if (modalities.state === 'failed')
    return (
      <p role="alert" className="notice notice--error">
        {t(modalities.error.messageKey)}
      </p>
    );
  if (modalities.state !== 'loaded')
    return (
      <p role="status" className="notice" aria-busy="true">
        {t('message.loading')}
      </p>
    );
  return (
    <div className="picker" role="group" aria-labelledby="booking-modality-label" part="modalities">
      <h2 id="booking-modality-label" className="picker__title">
        {t('booking.exam.modality_label')}
      </h2>
      <ul className="picker__options">
        {modalities.value.map((modality) => {
          const chosen = params.modality === modality.slug;
          return (
            <li key={modality.slug}>
              <button
                type="button"
                className="tile"
                aria-pressed={chosen}
                onClick={() => chooseModality(chosen ? null : modality.slug)}
              >
                {modality.name}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
