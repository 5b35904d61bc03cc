/**
 * The authentication flow of spec 4 (R-4-auth-01..10): date of birth (and the
 * optional contact number), then for an appointment the one-time code; on
 * success the host page is asked to go to the return address. State names
 * follow spec 3 ("Authentication state": isAuthenticated, loading,
 * verifiedCaptcha, otpSent).
 */
import type { ApiErrorBody } from '../../src/contract/portal';
import { navigationRequest } from '../../src/stores/navigation.store';
import { map } from 'nanostores';
import { getAuthenticated } from '../../src/api/auth';
import { toApiError } from '../../src/api/errors';
import {
  authenticatePatient,
  getCaptchaChallenge,
  sendOtp,
  validateOtp,
  verifyCaptcha,
} from '../../src/api/patient-auth';
import { PATIENT_AUTH_ERRORS, type OtpSent } from '../../src/contract/patient-auth';
import {
  maxAttemptsSearch,
  parseAuthParams,
  splitUrl,
  type AuthParams,
} from '../../src/domain/auth/auth-params';
import { DEFAULT_RESEND_SECONDS } from '../../src/domain/auth/auth-validation';
import { $appConfig } from '../../src/stores/config.store';
import { startKeepAlive } from '../../src/stores/keep-alive.store';
import { userLoaded } from '../../src/stores/user.store';
import { solveCaptcha } from './captcha';

export type AuthStep = 'idle' | 'dateOfBirth' | 'code' | 'done';

export interface AuthState {
  params: AuthParams | null;
  step: AuthStep;
  isAuthenticated: boolean;
  loading: boolean;
  verifiedCaptcha: boolean;
  otpSent: OtpSent | null;
  /** i18n key of the last failure (spec 3 errorMessage / hasError). */
  errorMessage: string | null;
  /** A wrong date of birth or code: tries left before the 15-minute block (from the server). */
  attemptsLeft: number | null;
  /** When the resend button works again (ms since the epoch). */
  resendAvailableAt: number;
}

const INITIAL: AuthState = {
  params: null,
  step: 'idle',
  isAuthenticated: false,
  loading: false,
  verifiedCaptcha: false,
  otpSent: null,
  errorMessage: null,
  attemptsLeft: null,
  resendAvailableAt: 0,
};

export const $auth = map<AuthState>({ ...INITIAL });

/** Where the element should go next; the component emits imaging-navigated and clears it. */
export const $authNavigation = navigationRequest();

/** The clock and cookie check, replaceable in tests. */
export const authEnv = {
  now: () => Date.now(),
  cookiesEnabled: () => typeof navigator === 'undefined' || navigator.cookieEnabled,
};

let opened = '';

/** What the server said is left of the tries, if it said (spec 4 "Authentication"). */
function attemptsLeftOf(error: unknown): number | null {
  const left = (toApiError(error).data as ApiErrorBody | undefined)?.attemptsLeft;
  return typeof left === 'number' ? left : null;
}

function failureKey(error: unknown): string {
  // R-5-10: with cookies off the server's answer is not the point.
  if (!authEnv.cookiesEnabled()) return 'message.authentication_cookies_error';
  return toApiError(error).messageKey;
}

/** R-4-auth-10: too many attempts (of either kind) end on the deny page. */
function isMaxAttempts(error: unknown): boolean {
  return toApiError(error).messageKey === PATIENT_AUTH_ERRORS.maxAttempts;
}

function goToDeny(prefix: string): void {
  $authNavigation.set({ path: `${prefix}/deny`, search: maxAttemptsSearch(), replace: true });
}

/** The /iframe prefix the element keeps in the paths it emits. */
let pathPrefix = '';

async function passCaptcha(): Promise<boolean> {
  if ($auth.get().verifiedCaptcha) return true;
  const challenge = await getCaptchaChallenge();
  if (!challenge.enabled) return true;
  const token = await solveCaptcha(challenge);
  const verified = token !== null && (await verifyCaptcha(token)).result;
  $auth.setKey('verifiedCaptcha', verified);
  return verified;
}

/**
 * Waits until the session cookie is in use (GET /api/authenticated says so),
 * at most about 2 s: the next page's first secured call must not go out
 * without it, or its 401 would log the patient out again. (Seen in Chromium:
 * a status call right after the login answer could still go without it.)
 */
async function confirmSession(): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    try {
      const status = await getAuthenticated();
      if (status.authenticated) {
        userLoaded(status);
        return;
      }
    } catch {
      // Try again; the page works on without the confirmation.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function authenticated(params: AuthParams): Promise<void> {
  $auth.set({
    ...$auth.get(),
    isAuthenticated: true,
    loading: false,
    step: 'done',
    errorMessage: null,
  });
  await confirmSession();
  startKeepAlive($appConfig.get()?.keepAliveSeconds);
  const target = splitUrl(params.navigateUrl);
  $authNavigation.set({ path: target.path, search: target.search, replace: true });
}

/**
 * Reads the page's query string (R-4-auth-06..09). Without bookingKey,
 * returnUrl and type nothing is done; with dateOfBirth the date is submitted
 * at once with an empty contact number.
 */
export function openAuthentication(search: string, path = ''): void {
  if (opened === search && $auth.get().params) return;
  opened = search;
  pathPrefix = path.startsWith('/iframe') ? '/iframe' : '';
  const params = parseAuthParams(search);
  $auth.set({ ...INITIAL, params, step: params ? 'dateOfBirth' : 'idle' });
  if (params?.dateOfBirth) void submitDateOfBirth(params.dateOfBirth, '');
}

/** R-4-auth-01..04: the date of birth (YYYY-MM-DD) and the optional contact number (digits). */
export async function submitDateOfBirth(dateOfBirth: string, contactNumber: string): Promise<void> {
  const { params } = $auth.get();
  if (!params || $auth.get().loading) return;
  $auth.set({ ...$auth.get(), loading: true, errorMessage: null, attemptsLeft: null });
  try {
    if (!(await passCaptcha())) {
      $auth.set({
        ...$auth.get(),
        loading: false,
        errorMessage: PATIENT_AUTH_ERRORS.captchaRequired,
      });
      return;
    }
    const result = await authenticatePatient({
      bookingKey: params.bookingKey,
      dateOfBirth,
      contactNumber,
      isBookingRequest: params.isBookingRequest,
    });
    if (result.authenticated) {
      await authenticated(params);
      return;
    }
    const sent = result.otpSent;
    $auth.set({
      ...$auth.get(),
      loading: false,
      step: 'code',
      otpSent: sent,
      resendAvailableAt: authEnv.now() + (sent?.resendSeconds ?? DEFAULT_RESEND_SECONDS) * 1000,
    });
  } catch (error) {
    if (isMaxAttempts(error)) {
      $auth.set({ ...$auth.get(), loading: false });
      goToDeny(pathPrefix);
      return;
    }
    $auth.set({
      ...$auth.get(),
      loading: false,
      step: 'dateOfBirth',
      errorMessage: failureKey(error),
      attemptsLeft: attemptsLeftOf(error),
    });
  }
}

/** R-4-auth-03: the code; the user is authenticated once it validates. */
export async function submitCode(code: string): Promise<void> {
  const { params, loading } = $auth.get();
  if (!params || loading) return;
  $auth.set({ ...$auth.get(), loading: true, errorMessage: null, attemptsLeft: null });
  try {
    await validateOtp(params.bookingKey, code);
    await authenticated(params);
  } catch (error) {
    if (isMaxAttempts(error)) {
      $auth.set({ ...$auth.get(), loading: false });
      goToDeny(pathPrefix);
      return;
    }
    $auth.set({
      ...$auth.get(),
      loading: false,
      errorMessage: failureKey(error),
      attemptsLeft: attemptsLeftOf(error),
    });
  }
}

/** R-5-08: a new code; the button waits the configured seconds between requests. */
export async function resendCode(): Promise<void> {
  const state = $auth.get();
  if (!state.params || state.loading || authEnv.now() < state.resendAvailableAt) return;
  $auth.set({ ...state, loading: true, errorMessage: null, attemptsLeft: null });
  try {
    const sent = await sendOtp(state.params.bookingKey);
    $auth.set({
      ...$auth.get(),
      loading: false,
      otpSent: sent,
      resendAvailableAt: authEnv.now() + sent.resendSeconds * 1000,
    });
  } catch (error) {
    const retryAfter = toApiError(error).messageKey === PATIENT_AUTH_ERRORS.resendTooSoon;
    $auth.set({
      ...$auth.get(),
      loading: false,
      errorMessage: failureKey(error),
      resendAvailableAt: retryAfter
        ? authEnv.now() + DEFAULT_RESEND_SECONDS * 1000
        : $auth.get().resendAvailableAt,
    });
  }
}

/** Back from the code to the date of birth (another date, or the code never came). */
export function restartAuthentication(): void {
  $auth.set({ ...$auth.get(), step: 'dateOfBirth', otpSent: null, errorMessage: null });
}

/** Tests and a new page visit start over. */
export function resetAuth(): void {
  opened = '';
  pathPrefix = '';
  $auth.set({ ...INITIAL });
  $authNavigation.set(null);
}
