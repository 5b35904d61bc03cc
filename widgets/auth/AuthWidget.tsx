import { useNavigationRequest } from '../../src/element/useNavigationRequest';
import { useStore } from '@nanostores/react';
import { useQuietStore } from '../../src/stores/useQuietStore';
import { useEffect, useState } from 'react';
import { authTexts } from '../../src/domain/auth/auth-params';
import type { WidgetProps, SharedWidgetProps } from '../../src/element/define-widget';
import { useT } from '../../src/i18n/useT';
import { $applicationConfig } from '../../src/stores/config.store';
import {
  $auth,
  $authNavigation,
  authEnv,
  openAuthentication,
  resetAuth,
  resendCode,
  restartAuthentication,
  submitCode,
  submitDateOfBirth,
} from './auth.store';
import { CodeDialog } from './parts/CodeDialog';
import { DateOfBirthDialog } from './parts/DateOfBirthDialog';

export interface AuthWidgetProps extends SharedWidgetProps, WidgetProps {
  path?: string;
  search?: string;
}

/** Seconds until `at`, re-rendered every second while positive. */
function useCountdown(at: number): number {
  const [now, setNow] = useState(() => authEnv.now());
  useEffect(() => {
    setNow(authEnv.now());
    if (at <= authEnv.now()) return;
    const timer = setInterval(() => setNow(authEnv.now()), 250);
    return () => clearInterval(timer);
  }, [at]);
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** The /authentication page (spec 2.4, 4 "Authentication"). */
export function AuthWidget({ path = '', search = '', container }: AuthWidgetProps) {
  const t = useT();
  const state = useStore($auth);
  const application = useQuietStore($applicationConfig);
  const resendIn = useCountdown(state.resendAvailableAt);
  const cookiesOff = !authEnv.cookiesEnabled();

  useEffect(() => openAuthentication(search, path), [search, path]);
  // A later visit to the page starts afresh.
  useEffect(() => resetAuth, []);

  // R-4-auth-05: the next page starts at its top.
  useNavigationRequest(
    $authNavigation,
    () => container ?? null,
    'imaging-navigated',
    () => window.scrollTo(0, 0),
  );

  const { params } = state;
  if (!params) {
    return (
      <section className="auth" part="auth" data-state="idle">
        <h1>{t('auth.title_default')}</h1>
        {cookiesOff && <CookieBanner />}
        <p>{t('auth.missing_params')}</p>
      </section>
    );
  }

  const texts = authTexts(params);
  const autoSubmitting =
    params.populatedDoB && state.loading && state.step === 'dateOfBirth' && !state.errorMessage;
  // R-4-auth-10: a wrong answer says how many tries are left before the block.
  const serverError =
    state.errorMessage &&
    [
      t(state.errorMessage),
      state.attemptsLeft !== null ? t('auth.attempts_left', { count: state.attemptsLeft }) : '',
    ]
      .filter(Boolean)
      .join(' ');

  return (
    <section
      className="auth"
      part="auth"
      data-state={state.loading ? 'authenticating' : state.step}
      aria-busy={state.loading}
    >
      <h1>{t(texts.title)}</h1>
      {cookiesOff && <CookieBanner />}
      <p>{t(texts.message)}</p>
      {(autoSubmitting || state.step === 'done') && (
        <p role="status" className="auth-status" part="status">
          {t(state.step === 'done' ? 'auth.authenticated' : 'auth.authenticating')}
        </p>
      )}
      <DateOfBirthDialog
        open={state.step === 'dateOfBirth' && !autoSubmitting}
        title={t(texts.title)}
        message={t(texts.message)}
        submitText={t(texts.sendOtpButtonText)}
        showContactNumber={application?.contactNumberAuthEnabled ?? false}
        initialDateOfBirth={params.dateOfBirth}
        loading={state.loading}
        serverError={serverError || null}
        cookieBanner={cookiesOff}
        onSubmit={(dateOfBirth, contactNumber) =>
          void submitDateOfBirth(dateOfBirth, contactNumber)
        }
      />
      <CodeDialog
        open={state.step === 'code'}
        otpSent={state.otpSent}
        loading={state.loading}
        serverError={serverError || null}
        resendIn={resendIn}
        onSubmit={(code) => void submitCode(code)}
        onResend={() => void resendCode()}
        onBack={restartAuthentication}
      />
    </section>
  );
}

/** R-2.4-11, R-5-10: cookies are off, so no session can start. */
function CookieBanner() {
  const t = useT();
  return (
    <p className="notice notice--error" role="alert" part="cookies-banner">
      {t('message.authentication_cookies_error')}
    </p>
  );
}
