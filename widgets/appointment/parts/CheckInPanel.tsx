import { useStore } from '@nanostores/react';
import { useQuietStore } from '../../../src/stores/useQuietStore';
import { useEffect } from 'react';
import type { AppointmentView } from '../../../src/contract/appointments';
import { clinicTime } from '../../../src/domain/check-in/clinic-time';
import { useT } from '../../../src/i18n/useT';
import { $locale } from '../../../src/stores/locale.store';
import { $pageContext, goTo } from '../appointment.store';
import { $checkInStates, loadCheckInState } from '../checkin-status.store';

/** The check-in of one appointment: when it opens, its state (prepared, sent, done) and the button. */
export function CheckInPanel({ appointment }: { appointment: AppointmentView }) {
  const t = useT();
  const locale = useQuietStore($locale);
  const context = useStore($pageContext);
  const window = useStore($checkInStates)[appointment.slug] ?? null;
  useEffect(() => void loadCheckInState(appointment.slug), [appointment.slug]);
  if (window && !window.enabled) return null;
  const state = appointment.checkInSuccess
    ? 'done'
    : appointment.checkInSent
      ? 'sent'
      : appointment.checkInPrepared
        ? 'prepared'
        : 'none';
  const open = () => {
    const params = new URLSearchParams({
      bookingKey: appointment.bookingKey,
      slug: appointment.slug,
    });
    if (context.kioskMode) params.set('kioskMode', 'true');
    goTo({ path: `${context.prefix}/check-in`, search: `?${params.toString()}` });
  };
  const canAct = state !== 'done' && state !== 'sent';
  const preparing =
    window?.mode === 'PREPARE_FIRST' && !window.canCheckIn && !appointment.checkInPrepared;
  return (
    <section className="appointment__section" part="check-in" data-state={state}>
      <h3>{t('appointment.checkin.title')}</h3>
      <p role="status">{t(`appointment.checkin.state_${state}`)}</p>
      {window && canAct && (
        <p>
          {window.canCheckIn
            ? t('appointment.checkin.open_now')
            : window.disabledReason === 'TOO_LATE'
              ? t('appointment.checkin.closed')
              : t('appointment.checkin.opens', {
                  time: clinicTime(window.opensAt, window.timeZone, locale),
                  priorMinutes: window.priorMinutes,
                })}
        </p>
      )}
      {canAct && (window?.canCheckIn || preparing) && (
        <button type="button" className="button" onClick={open}>
          {t(preparing ? 'appointment.checkin.button_prepare' : 'appointment.checkin.button')}
        </button>
      )}
    </section>
  );
}
