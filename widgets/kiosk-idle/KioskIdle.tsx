import { useStore } from '@nanostores/react';
import { useQuietStore } from '../../src/stores/useQuietStore';
import { useEffect } from 'react';
import { KIOSK_WARNING_SECONDS } from '../../src/contract/check-in';
import type { SharedWidgetProps, WidgetProps } from '../../src/element/define-widget';
import { emit } from '../../src/element/emit';
import { useT } from '../../src/i18n/useT';
import { $config } from '../../src/stores/config.store';
import { listenForActivity } from '../../src/stores/kiosk-activity';
import {
  $kioskIdle,
  cancelIdleWarning,
  goHomeNow,
  reportActivity,
  startIdleWatch,
  stopIdleWatch,
} from '../../src/stores/kiosk-idle.store';
import { endKioskSession, hasPatientTraces, onKioskHome } from '../../src/stores/kiosk-session';
import { Modal } from '../../src/ui/Modal';

export interface KioskIdleProps extends SharedWidgetProps, WidgetProps {
  /** Seconds without activity before the warning; default kioskNoActivitySeconds of the configuration. */
  idleSeconds?: number;
}

/**
 * The kiosk's inactivity watch and modal (spec 4 "Kiosk inactivity"): the
 * host page puts the element on the page while kiosk mode is on, so
 * watching starts with a kiosk-mode message saying true and stops (the
 * element leaves) when one says false.
 */
export function KioskIdle({ idleSeconds: given, container }: KioskIdleProps) {
  const t = useT();
  const idle = useStore($kioskIdle);
  const config = useQuietStore($config);
  const idleSeconds = given || config?.app.kioskNoActivitySeconds;

  useEffect(() => {
    if (!idleSeconds) return;
    const onExpire = () => {
      // Before the page goes: an iframe parent hears it through postmate too.
      emit(container, 'imaging-session-ended', { reason: 'inactivity' });
      void endKioskSession();
    };
    // The idle kiosk home has nothing to clear: no warning, no reload every few minutes.
    const quiet = () => onKioskHome() && !hasPatientTraces();
    startIdleWatch({ idleSeconds, onExpire, quiet });
    const stop = listenForActivity(window, (event) => reportActivity(insideOpenDialog(event)));
    return () => {
      stop();
      stopIdleWatch();
    };
  }, [idleSeconds, container]);

  const open = idle.phase === 'warning';
  return (
    <Modal
      open={open}
      title={t('message.inactivity_title')}
      onClose={cancelIdleWarning}
      size="sm"
      alert
      actions={
        <>
          <button
            type="button"
            className="button"
            data-variant="ghost"
            data-autofocus
            onClick={cancelIdleWarning}
          >
            {t('action.cancel')}
          </button>
          <button type="button" className="button" onClick={goHomeNow}>
            {t('action.home')}
          </button>
        </>
      }
    >
      <p className="kiosk-idle__count" aria-hidden="true" data-remaining={idle.remaining}>
        {t('message.inactivity_text', { seconds: idle.remaining })}
      </p>
      <Announcement remaining={idle.remaining} open={open} />
    </Modal>
  );
}

/** While the warning is open, the only dialog that takes input is the warning itself. */
function insideOpenDialog(event: Event): boolean {
  return event.composedPath().some((node) => node instanceof HTMLDialogElement && node.open);
}

/** Said politely at the start and at 5 seconds, not every second. */
const ANNOUNCED = new Set([KIOSK_WARNING_SECONDS, 5]);

function Announcement({ remaining, open }: { remaining: number; open: boolean }) {
  const t = useT();
  const said = open
    ? [...ANNOUNCED].filter((at) => at >= remaining).sort((a, b) => a - b)[0]
    : undefined;
  return (
    <p className="visually-hidden" role="status" aria-live="polite">
      {said !== undefined ? t('message.inactivity_text', { seconds: said }) : ''}
    </p>
  );
}
