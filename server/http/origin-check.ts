/**
 * Cross-site request refusal (docs/security.md §7). The session cookie is
 * SameSite=None so that the portal works inside clinics' iframes; a browser
 * therefore sends it with a form or fetch from any page. Every state-changing
 * request (POST, PUT, PATCH, DELETE) must come from a page of the portal
 * itself or of a configured embedding origin, or from no browser at all:
 *
 * - with an Origin header: the origin must be the portal's (PUBLIC_URL, or the
 *   scheme and Host the request arrived on) or one of ALLOWED_ORIGINS
 *   (`https://*.example.org` matches subdomains); `null` is refused;
 * - without Origin, Sec-Fetch-Site decides: `same-origin` and `none` pass,
 *   `same-site` (another port or subdomain of the same site is another origin)
 *   and `cross-site` are refused;
 * - with neither header the caller is not a browser (curl, a server, tests):
 *   no cookie of a patient's browser rides along, so nothing is forged.
 *
 * No route accepts foreign state-changing calls: there are no incoming
 * webhooks (SMS and e-mail go out through the outbox).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface OriginCheckOptions {
  /** PUBLIC_URL: the portal's own origin as patients reach it. */
  publicUrl: string;
  /** ALLOWED_ORIGINS: clinic origins trusted to embed the portal. */
  allowedOrigins: string[];
}

/** 'https://portal.example:443/x' → 'https://portal.example'; undefined for anything else. */
export function originOf(url: string): string | undefined {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin.toLowerCase();
  } catch {
    return undefined;
  }
}

/** An allowed origin, or a `scheme://*.domain[:port]` pattern, covers the request's origin. */
export function matches(allowed: string, origin: string): boolean {
  if (allowed === origin || !allowed.includes('://*.')) return allowed === origin;
  try {
    const pattern = new URL(allowed.replace('://*.', '://wildcard.'));
    const domain = pattern.hostname.slice('wildcard'.length);
    const actual = new URL(origin);
    return (
      actual.protocol === pattern.protocol &&
      actual.port === pattern.port &&
      actual.hostname.endsWith(domain)
    );
  } catch {
    return false;
  }
}

/** The origin the request itself arrived on (scheme and Host, proxies trusted per TRUST_PROXY). */
function ownOrigin(request: FastifyRequest): string | undefined {
  return request.host ? originOf(`${request.protocol}://${request.host}`) : undefined;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Whether a state-changing request may proceed; see the module comment. */
export function originAllowed(request: FastifyRequest, allowed: readonly string[]): boolean {
  const origin = header(request, 'origin');
  if (origin !== undefined) {
    const normalised = originOf(origin);
    if (!normalised || normalised !== origin.toLowerCase()) return false;
    return normalised === ownOrigin(request) || allowed.some((a) => matches(a, normalised));
  }
  const site = header(request, 'sec-fetch-site');
  if (site === undefined) return true;
  return site === 'same-origin' || site === 'none';
}

/** Refuses cross-site state-changing requests with 403 message.forbidden_origin. */
export function installOriginCheck(app: FastifyInstance, options: OriginCheckOptions): void {
  const allowed = [originOf(options.publicUrl), ...options.allowedOrigins]
    .filter((origin): origin is string => Boolean(origin))
    .map((origin) => origin.toLowerCase());
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (!originAllowed(request, allowed)) {
      throw new ApiError(403, 'message.forbidden_origin', 'cross-site request refused');
    }
  });
}
