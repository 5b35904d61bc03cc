/**
 * The deny page's message by input (spec 4 "Deny page message by input",
 * spec 8 deny texts; R-4-deny-01..12).
 */
export interface DenyInput {
  status: string | null;
  revoked: boolean;
  maxAttempts: boolean;
  message: string | null;
  resultsExpired: boolean;
  customMessage: string | null;
  showClose: boolean;
  redirectUrl: string | null;
}

export const DENY_STATUSES = [
  'EXPIRED',
  'EXPIRED_PATIENT',
  'CANCELED',
  'DECLINED_BY_PATIENT',
  'REMOVED_BY_OPERATOR',
  'DELETED',
  'ON_HOLD',
] as const;

/** Named max-attempts messages the message param may choose (R-4-deny-08). */
export const MAX_ATTEMPTS_MESSAGES = [
  'max_attempts_reached_shared',
  'max_attempts_reached_results',
];

const MESSAGE_KEY = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/;

function flag(params: URLSearchParams, name: string): boolean {
  const value = params.get(name);
  return value === 'true' || value === '1';
}

export function parseDenyParams(search: string): DenyInput {
  const params = new URLSearchParams(search);
  const text = (name: string) => params.get(name)?.trim() || null;
  return {
    status: text('status'),
    revoked: flag(params, 'revoked'),
    maxAttempts: flag(params, 'maxAttempts'),
    message: text('message'),
    resultsExpired: flag(params, 'resultsExpired'),
    customMessage: text('customMessage'),
    showClose: flag(params, 'showClose'),
    redirectUrl: text('redirectUrl'),
  };
}

/**
 * What the page says: an i18n key, or (customMessage) the text itself. The
 * order of the checks is the spec's: status, revoked, maxAttempts,
 * resultsExpired, customMessage, then the generic problem.
 */
export type DenyMessage = { key: string } | { text: string };

export function denyMessage(input: DenyInput): DenyMessage {
  if (input.status) {
    switch (input.status) {
      case 'EXPIRED':
      case 'EXPIRED_PATIENT':
        return { key: 'deny.expired' };
      case 'CANCELED':
        return { key: 'deny.canceled' };
      case 'DECLINED_BY_PATIENT':
        return { key: 'deny.declined_by_patient' };
      case 'REMOVED_BY_OPERATOR':
      case 'DELETED':
        return { key: 'deny.removed_by_operator' };
      case 'ON_HOLD':
        return { key: 'deny.waiting_protocol' };
      default:
        return { key: 'deny.restricted' };
    }
  }
  if (input.revoked) return { key: 'deny.access_revoked' };
  if (input.maxAttempts) {
    const named = input.message?.replace(/^(message|deny)\./, '') ?? '';
    return {
      key: MAX_ATTEMPTS_MESSAGES.includes(named) ? `deny.${named}` : 'deny.max_attempts_reached',
    };
  }
  if (input.resultsExpired) return { key: 'deny.results_expired' };
  // The portal's own flows pass a message key (a denied booking request, a questionnaire's
  // stop); a provider's back end may pass text. A key is translated, never shown raw.
  if (input.customMessage)
    return MESSAGE_KEY.test(input.customMessage)
      ? { key: input.customMessage }
      : { text: input.customMessage };
  return { key: 'deny.problem' };
}

/**
 * R-4-deny-12: the Close link only with showClose=true and a redirectUrl,
 * and only to a portal path or an http(s) address on one of `trusted`
 * origins (the page's own, the provider's): a crafted link must not put a
 * "Close" to an attacker's page on a clinic's site (never javascript:).
 */
export function closeHref(
  input: Pick<DenyInput, 'showClose' | 'redirectUrl'>,
  trusted: readonly string[] = [],
): string | null {
  if (!input.showClose || !input.redirectUrl) return null;
  const url = input.redirectUrl;
  if (/^\/(?![/\\])/.test(url)) return url;
  if (!/^https?:\/\//i.test(url)) return null;
  try {
    return trusted.includes(new URL(url).origin) ? url : null;
  } catch {
    return null;
  }
}
