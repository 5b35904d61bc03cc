import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { shellPrefix } from '../../src/domain/appointment/navigation';
import type { SharedWidgetProps, WidgetProps } from '../../src/element/define-widget';
import { useT } from '../../src/i18n/useT';
import {
  $kioskDeviceName,
  forgetDevice,
  refreshDeviceName,
} from '../../src/stores/kiosk-identity.store';
import { setKioskMode } from '../../src/stores/kiosk.store';
import { clearPatientTurn } from '../../src/stores/kiosk-session';
import { DeviceNameModal } from './DeviceNameModal';

export interface KioskWidgetProps extends SharedWidgetProps, WidgetProps {
  /** Current path (/kiosk, or /iframe/kiosk), set by the host page's router. */
  path?: string;
  /** Current query string (kioskMode=true). */
  search?: string;
}

/**
 * The kiosk home (spec 2.1 /kiosk?kioskMode=true, issue 16 part 3): two
 * large choices, check in and book a scan, both in kiosk mode; the first
 * visit asks staff to name the device.
 */
export function KioskWidget({ path }: KioskWidgetProps) {
  const t = useT();
  const deviceName = useStore($kioskDeviceName);
  const prefix = shellPrefix(path);
  useEffect(() => {
    setKioskMode(true);
    refreshDeviceName();
    // A new patient's turn starts here: nothing of the previous one stays.
    void clearPatientTurn();
  }, []);

  return (
    <div className="kiosk" part="kiosk">
      <h1 className="kiosk__title">{t('kiosk.title')}</h1>
      <p className="kiosk__lead">{t('kiosk.lead')}</p>
      <nav aria-label={t('kiosk.choices')}>
        <ul className="kiosk__choices" part="choices">
          <li>
            <a
              className="kiosk__choice"
              part="choice"
              data-choice="check-in"
              href={`${prefix}/check-in?kioskMode=true`}
            >
              <span className="kiosk__icon" aria-hidden="true">
                ✓
              </span>
              <span className="kiosk__label">{t('kiosk.check_in')}</span>
              <span className="kiosk__hint">{t('kiosk.check_in_hint')}</span>
            </a>
          </li>
          <li>
            <a
              className="kiosk__choice"
              part="choice"
              data-choice="book"
              href={`${prefix}/home?kioskMode=true`}
            >
              <span className="kiosk__icon" aria-hidden="true">
                +
              </span>
              <span className="kiosk__label">{t('kiosk.book')}</span>
              <span className="kiosk__hint">{t('kiosk.book_hint')}</span>
            </a>
          </li>
        </ul>
      </nav>
      {deviceName && (
        <p className="kiosk__device" part="device">
          <span>{t('kiosk.device_name', { name: deviceName })}</span>
          <button type="button" className="link-button" onClick={() => forgetDevice()}>
            {t('kiosk.device_forget')}
          </button>
        </p>
      )}
      <DeviceNameModal open={!deviceName} />
    </div>
  );
}
