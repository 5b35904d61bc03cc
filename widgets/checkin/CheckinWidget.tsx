import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import type { WidgetProps, SharedWidgetProps } from '../../src/element/define-widget';
import { emit } from '../../src/element/emit';
import { requestNavigation } from '../../src/element/navigation';
import { useNavigationRequest } from '../../src/element/useNavigationRequest';
import { shellPrefix } from '../../src/domain/appointment/navigation';
import { useT } from '../../src/i18n/useT';
import { confirmAppointment, openReferralUpload } from './checkin-submit.store';
import {
  $checkIn,
  $checkInNavigation,
  $checkInOutcome,
  type CheckInFlow,
  chooseAppointment,
  chosen,
  leaveCheckIn,
  openCheckIn,
  resendCode,
  startAgain,
  stepSearch,
  submitCode,
  submitIdentity,
} from './checkin.store';
import { resetCheckInDraft } from './checkin-form.store';
import { revisitStep } from './checkin-history';
import { CheckInModals } from './parts/CheckInModals';
import { ProcessingModal } from './parts/ProcessingModal';
import { CodeStep } from './steps/CodeStep';
import { ConfirmStep } from './steps/ConfirmStep';
import { IdentityStep } from './steps/IdentityStep';
import { ResultStep } from './steps/ResultStep';

/** The form and its search load when the patient reaches them (the first load stays small). */
const FormStep = lazy(() => import('./steps/FormStep').then((m) => ({ default: m.FormStep })));
const FeedbackStep = lazy(() =>
  import('./steps/FeedbackStep').then((m) => ({ default: m.FeedbackStep })),
);

export interface CheckinWidgetProps extends SharedWidgetProps, WidgetProps {
  path?: string;
  search?: string;
  bookingKey?: string;
  slug?: string;
  kioskMode?: boolean;
}

/** `<imaging-checkin>`: digital check-in, from an appointment link or at the kiosk (spec 4). */
export function CheckinWidget({
  path,
  search = '',
  bookingKey,
  slug,
  kioskMode,
}: CheckinWidgetProps) {
  const t = useT();
  const root = useRef<HTMLElement>(null);
  const flow = useStore($checkIn);
  const params = new URLSearchParams(search);
  const key = bookingKey || params.get('bookingKey') || null;
  const chosenSlug = slug || params.get('slug') || null;
  const kiosk = kioskMode === true || params.get('kioskMode') === 'true';
  const prefix = shellPrefix(path);

  useEffect(() => {
    resetCheckInDraft();
    openCheckIn({ bookingKey: key, slug: chosenSlug, kioskMode: kiosk, prefix });
    // Disconnected or left: polling and calls stop.
    return leaveCheckIn;
  }, [key, chosenSlug, kiosk, prefix]);

  useNavigationRequest($checkInNavigation, () => root.current);

  // The step lives in the address (step=…): each new step is a history entry of the host page.
  const shown = useRef<string>('LOADING');
  const urlStep = params.get('step');
  const writeStep = (replace: boolean) =>
    requestNavigation(root.current, 'imaging-navigated', {
      path: `${prefix}/check-in`,
      search: stepSearch($checkIn.get(), search),
      replace,
    });
  useEffect(() => {
    const before = shown.current;
    shown.current = flow.step;
    if (flow.step === 'LOADING' || urlStep === flow.step) return;
    writeStep(urlStep === null || before === 'LOADING');
  }, [flow.step]);
  // Back or Forward named another step: shown when still valid, else the address gets this one back.
  useEffect(() => {
    if (flow.step === 'LOADING' || urlStep === null || urlStep === flow.step) return;
    if (!revisitStep(urlStep)) writeStep(true);
  }, [urlStep]);

  useEffect(
    () =>
      $checkInOutcome.listen((outcome) => {
        if (!outcome || !root.current) return;
        if (outcome.kind === 'completed')
          emit(root.current, 'imaging-checkin-completed', { slug: outcome.slug, kioskMode: kiosk });
        else
          emit(root.current, 'imaging-checkin-failed', {
            reason: outcome.reason,
            kioskMode: kiosk,
          });
      }),
    [kiosk],
  );

  const appointment = chosen();
  const heading = useRef<HTMLHeadingElement>(null);
  // A new step puts the keyboard and screen reader at its title.
  useEffect(() => {
    if (flow.step !== 'LOADING') heading.current?.focus({ preventScroll: true });
  }, [flow.step]);

  return (
    <section
      ref={root}
      className="checkin"
      part="checkin"
      data-step={flow.step}
      data-kiosk={kiosk ? 'true' : undefined}
      aria-busy={flow.loading}
    >
      <h1 className="checkin__title" ref={heading} tabIndex={-1}>
        {t(`checkin.title.${flow.step.toLowerCase()}`)}
      </h1>
      {flow.step === 'LOADING' && <p role="status">{t('checkin.loading')}</p>}
      {flow.step === 'IDENTITY' && (
        <IdentityStep
          loading={flow.loading}
          initial={flow.identity}
          onSubmit={(l, d) => void submitIdentity(l, d)}
        />
      )}
      {flow.step === 'VERIFY_OTP' && (
        <CodeStep
          otpSent={flow.otpSent}
          loading={flow.loading}
          errorMessage={flow.errorMessage}
          onSubmit={(code) => void submitCode(code)}
          onResend={() => void resendCode()}
        />
      )}
      {flow.step === 'FEEDBACK' && (
        <Suspense fallback={<p role="status">{t('checkin.loading')}</p>}>
          <FeedbackStep loading={flow.loading} />
        </Suspense>
      )}
      {flow.step === 'CONFIRM' && (
        <ConfirmStep
          appointments={flow.appointments}
          slug={flow.slug}
          loading={flow.loading}
          onChoose={chooseAppointment}
          onConfirm={confirmAppointment}
        />
      )}
      {flow.step === 'FORM' && appointment && (
        <Suspense fallback={<p role="status">{t('checkin.loading')}</p>}>
          <FormStep
            appointment={appointment}
            loading={flow.loading}
            errorMessage={flow.errorMessage}
          />
        </Suspense>
      )}
      {(flow.step === 'SUCCESS' || flow.step === 'COMPLETE' || flow.step === 'ERROR') && (
        <ResultStep
          step={flow.step}
          appointment={appointment}
          failure={flow.failure}
          kioskMode={kiosk}
          referral={referralOf(flow)}
          onUploadReferral={openReferralUpload}
          onStartAgain={startAgain}
        />
      )}
      <ProcessingModal kind={flow.processing} />
      <CheckInModals flow={flow} />
    </section>
  );
}

/** The success screen's referral line: just sent, still missing (readiness says so), or nothing. */
function referralOf(flow: CheckInFlow): 'missing' | 'sent' | null {
  if (flow.referralSent && flow.readiness?.requiredReferralUploaded !== false) return 'sent';
  const readiness = flow.readiness;
  return readiness && !readiness.requiredReferralUploaded && readiness.documentTypeId !== null
    ? 'missing'
    : null;
}
