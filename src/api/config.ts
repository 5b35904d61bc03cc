/** Provider configuration calls (spec 7). */
import type { ClinicContact, PortalConfig } from '../contract/portal';
import { api, type CallOptions } from './client';

/** GET /api/config/portal: everything the front end needs to start (spec 3). */
export function getPortalConfig(options: CallOptions = {}): Promise<PortalConfig> {
  return api<PortalConfig>('/api/config/portal', { signal: options.signal });
}

/** GET /api/config/contact (R-7-calls-06). */
export function getContactClinics(options: CallOptions = {}): Promise<ClinicContact[]> {
  return api<ClinicContact[]>('/api/config/contact', { signal: options.signal });
}

/** GET /api/config/terms: the terms HTML as text (R-7-calls-07, R-2.4-04). */
export function getTerms(options: CallOptions = {}): Promise<string> {
  return api('/api/config/terms', { responseType: 'text', signal: options.signal });
}
