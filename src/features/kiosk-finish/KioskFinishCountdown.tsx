import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { useT } from '../../i18n/useT';
import {
  $kioskFinish,
  finishKioskNow,
  KIOSK_FINISH_SECONDS,
  startKioskFinish,
  stopKioskFinish,
} from '../../stores/kiosk-finish.store';

/**
 * The end of a kiosk booking or check-in (issue 16): "Back to the start in
 * N seconds" counting down on screen, and Done. At zero or on Done the
 * patient's turn ends and the kiosk home replaces the page. Said once to a
 * screen reader, not every second.
 */
export function KioskFinishCountdown() {
  const t = useT();
  const left = useStore($kioskFinish);
  useEffect(() => {
    startKioskFinish();
    return stopKioskFinish;
  }, []);
  return (
    <div className="kiosk-finish" part="kiosk-finish">
      <p className="kiosk-finish__count" aria-hidden="true" data-remaining={left ?? undefined}>
        {t('message.kiosk_returning', { count: left ?? KIOSK_FINISH_SECONDS })}
      </p>
      <p className="visually-hidden" role="status">
        {t('message.kiosk_returning', { count: KIOSK_FINISH_SECONDS })}
      </p>
      <button type="button" className="button kiosk-finish__done" onClick={() => finishKioskNow()}>
        {t('action.done')}
      </button>
    </div>
  );
}
