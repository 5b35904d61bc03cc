/**
 * The viewer token of a DICOMweb request (routes/dicomweb.ts): read once,
 * verified once per request, and the request's rate budget. A viewer opening
 * the 96-slice CT sends a hundred requests or more (instances, thumbnails,
 * metadata), so a practice of several doctors behind one address spent the
 * address's 600 a minute within a minute: a request with a valid token counts
 * against its token's budget instead (DICOMWEB_RATE_LIMIT_MAX, 3000 a
 * minute); one without a valid token counts against its address, so token
 * guessing stays limited (docs/dicomweb.md "Rate limits").
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ViewerTokenClaims, ViewerTokens } from '../services/viewer-token.js';
import type { OwnBudget, RateLimitOptions } from './rate-limit.js';

/** The token of a request: the Authorization header, else ?token=, else ?access_token=. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const query = (request.query ?? {}) as Record<string, unknown>;
  const given = bearer ?? query.token ?? query.access_token;
  return typeof given === 'string' ? given : undefined;
}

export interface DicomWebTokenCheck {
  /** The claims of the request's token when it is valid; verified once per request. */
  claimsOf(request: FastifyRequest): Promise<ViewerTokenClaims | undefined>;
  /** The token's own budget (config.ownRateBudget); undefined without a valid token. */
  budgetOf(request: FastifyRequest): Promise<OwnBudget | undefined>;
}

export function dicomWebTokenCheck(
  tokens: ViewerTokens,
  limit: RateLimitOptions,
): DicomWebTokenCheck {
  const verified = new WeakMap<FastifyRequest, Promise<ViewerTokenClaims | undefined>>();
  const claimsOf = (request: FastifyRequest) => {
    let claims = verified.get(request);
    if (!claims) {
      claims = tokens.verify(tokenOf(request));
      verified.set(request, claims);
    }
    return claims;
  };
  return {
    claimsOf,
    async budgetOf(request) {
      if (!(await claimsOf(request))) return undefined;
      // The bucket is stored: a hash of the token, never the token (valid for its lifetime).
      const client = createHash('sha256')
        .update(tokenOf(request) ?? '')
        .digest('base64url')
        .slice(0, 22);
      return { client, name: 'dicomweb-token', options: limit };
    },
  };
}
