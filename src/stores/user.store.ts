/**
 * The logged-in user (spec 4 store actions: load user, user loaded, log out,
 * log-out success; R-4-kiosk-10..12).
 */
import { atom, onMount } from 'nanostores';
import { getAuthenticated, logout } from '../api/auth';
import { setUnauthorizedHandler } from '../api/client';
import type { AuthenticationStatus, User } from '../contract/portal';
import { isAbortError, toApiError, type ApiError } from '../api/errors';
import { applyRoleTranslations } from '../i18n/i18n';

export const $user = atom<User | null>(null);
/** Whether the session is authenticated; a patient session (OTP) can be authenticated without a User. */
export const $authenticated = atom(false);
export const $userError = atom<ApiError | null>(null);

const ANONYMOUS: AuthenticationStatus = {
  authenticated: false,
  user: null,
  roleTranslations: null,
};

let loadingUser: Promise<AuthenticationStatus | null> | null = null;
let loggingOut: Promise<void> | null = null;

/** "User loaded" (R-4-kiosk-11): replaces the user and applies its role translations (R-6-03). */
export function userLoaded(status: AuthenticationStatus): void {
  $user.set(status.user);
  $authenticated.set(status.authenticated);
  $userError.set(null);
  applyRoleTranslations(status.roleTranslations);
}

/** "Log-out success" (R-4-kiosk-12): clears the user and the role translations. */
export function logOutSuccess(): void {
  userLoaded(ANONYMOUS);
}

/**
 * "Load user": GET /api/authenticated, then userLoaded. A 401 there only
 * means "not logged in" (R-6-09, R-4-auth-12): the user is cleared and the
 * anonymous status returned, so the page can start its login step. Other
 * failures keep the current user, set $userError and resolve to null.
 */
export function loadUser(): Promise<AuthenticationStatus | null> {
  loadingUser ??= getAuthenticated()
    .then((status) => {
      userLoaded(status);
      return status;
    })
    .catch((error: unknown) => {
      if (isAbortError(error)) return null;
      const apiError = toApiError(error);
      if (apiError.status === 401) {
        logOutSuccess();
        return ANONYMOUS;
      }
      $userError.set(apiError);
      return null;
    })
    .finally(() => {
      loadingUser = null;
    });
  return loadingUser;
}

/**
 * "Log out": POST /api/logout, then logOutSuccess. The user is cleared even
 * when the call fails: after a 401 or a kiosk time-out (R-4-kiosk-08) the
 * screen must not keep showing someone's session. Concurrent calls (several
 * 401s at once) share one logout.
 */
export function logOut(): Promise<void> {
  loggingOut ??= logout()
    .catch((error: unknown) =>
      console.warn('Logout call failed; clearing the session locally.', error),
    )
    .finally(() => {
      logOutSuccess();
      loggingOut = null;
    });
  return loggingOut;
}

// R-7-http-03, R-6-09: any 401 (except the status call) logs the client out.
// Registered on import, not on mount: a 401 must log out even while no
// component shows the user. The server has no session for that request, so
// only the client's state is cleared: calling POST /api/logout here would end
// whatever session the browser holds by the time it is sent, such as a new
// one from a login that raced the 401 (seen in the journeys).
setUnauthorizedHandler(logOutSuccess);

onMount($user, () => {
  void loadUser();
});
