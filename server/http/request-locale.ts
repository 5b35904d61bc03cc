/**
 * The patient's language of a request: the portal's client sends its
 * locale as Accept-Language on every call (src/api/client.ts). A request
 * that names no supported locale gets English (Australia).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, type SupportedLocale } from '../../src/contract/locales.js';
import { acceptedLocale } from '../../src/domain/i18n/locale-match.js';
import { addVary } from './cors.js';

/**
 * `reply`: the answer is written in this locale, so a cache must not give it
 * to a request in another (Vary: Accept-Language).
 */
export function requestLocale(request: FastifyRequest, reply?: FastifyReply): SupportedLocale {
  if (reply) addVary(reply, 'Accept-Language');
  return acceptedLocale(request.headers['accept-language']) ?? DEFAULT_LOCALE;
}
