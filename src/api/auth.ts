/** Session calls (spec 7, "Authentication"). */
import type { AuthenticationStatus } from '../contract/portal';
import { api, type CallOptions } from './client';

/** GET /api/authenticated (R-7-calls-05). Its 401 never logs out (R-6-09). */
export function getAuthenticated(options: CallOptions = {}): Promise<AuthenticationStatus> {
  return api<AuthenticationStatus>('/api/authenticated', { signal: options.signal });
}

/** POST /api/logout: ends the server session (R-7-calls-28). */
export async function logout(options: CallOptions = {}): Promise<void> {
  await api('/api/logout', { method: 'POST', signal: options.signal });
}
