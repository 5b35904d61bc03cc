import { useQuietStore } from '../../../src/stores/useQuietStore';
import type { CheckInAppointment } from '../../../src/contract/check-in';
import { clinicTime } from '../../../src/domain/check-in/clinic-time';
import { KioskFinishCountdown } from '../../../src/features/kiosk-finish/KioskFinishCountdown';
import { useT } from '../../../src/i18n/useT';
import { $locale } from '../../../src/stores/locale.store';

export interface ResultStepProps {
  step: 'SUCCESS' | 'COMPLETE' | 'ERROR';
  appointment: CheckInAppointment | null;
  failure: string | null;
  kioskMode: boolean;
  onStartAgain: () => void;
  /** The referral is still missing (the success screen offers the upload), or was just sent. */
  referral?: 'missing' | 'sent' | null;
  onUploadReferral?: (() => void) | undefined;
}

/**
 * The end of the flow: checked in (said plainly), not yet (too early: from
 * what time, clinic-local; too late: call reception), or the error step.
 */
export function ResultStep(props: ResultStepProps) {
  const t = useT();
  const locale = useQuietStore($locale);
  const state = props.appointment?.checkIn;
  const phone = props.appointment?.clinicPhone;
  if (props.step === 'SUCCESS')
    return (
      <div className="checkin-result" data-tone="success" part="result" role="status">
        <p>{t('checkin.success.body')}</p>
        {props.referral === 'sent' && <p>{t('checkin.referral.received')}</p>}
        {props.referral === 'missing' && props.onUploadReferral && (
          <>
            <p>{t('checkin.referral.missing')}</p>
            <button type="button" className="button" onClick={props.onUploadReferral}>
              {t('checkin.upload_referral')}
            </button>
          </>
        )}
        {/* Issue 16: at a kiosk the patient's turn ends here, by itself or on Done. */}
        {props.kioskMode && <KioskFinishCountdown />}
      </div>
    );
  if (props.step === 'COMPLETE' && state) {
    const early = state.disabledReason === 'TOO_EARLY' || state.disabledReason === 'NOT_TODAY';
    return (
      <div className="checkin-result" data-tone="info" part="result">
        <p>
          {early
            ? t('message.check_in_not_allowed', {
                time: clinicTime(state.opensAt, state.timeZone, locale),
                priorMinutes: state.priorMinutes,
              })
            : t('checkin.too_late')}
        </p>
        {!early && <ReceptionLink phone={phone} />}
      </div>
    );
  }
  return (
    <div className="checkin-result" data-tone="error" part="result">
      <p role="alert">{t(props.failure ?? 'checkin.error_unknown')}</p>
      <p>{t('checkin.error.ask_reception')}</p>
      <ReceptionLink phone={phone} />
      <button type="button" className="button checkin-primary" onClick={props.onStartAgain}>
        {t('checkin.start_again')}
      </button>
    </div>
  );
}

function ReceptionLink({ phone }: { phone: string | undefined }) {
  const t = useT();
  if (!phone) return null;
  return (
    <p>
      <a className="checkin-phone" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
        {t('checkin.call_reception', { phone })}
      </a>
    </p>
  );
}
