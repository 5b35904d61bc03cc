/**
 * Idempotent booking creation (docs/security.md "An acknowledged-or-not
 * booking"). A booking committed just before its answer was lost (a dropped
 * connection, a killed server) must not make the patient see an error and
 * book twice. The client sends an Idempotency-Key header with each create
 * call and, after a network error, sends the same call again with the same
 * key: the server stores the answer inside the booking's own transaction and
 * gives a retry that answer, never a second booking. Keys are scoped to the
 * browser (its key-binding secret), so nobody else can replay them.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/db.js';
import { secretHash } from '../db/secrets.js';
import { findStoredAnswer } from '../db/idempotency.repo.js';
import type { Remember } from '../services/booking-common.js';
import { ApiError } from './errors.js';
import { browserHash } from './key-binding.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const WELL_FORMED = /^[A-Za-z0-9_-]{16,64}$/;
const KEEP_SECONDS = 24 * 60 * 60;

/** The booking key of the request body, which answers echo; it is never stored in clear. */
function bodyKey(body: unknown): string | undefined {
  const key = (body as { bookingKey?: unknown } | null)?.bookingKey;
  return typeof key === 'string' ? key : undefined;
}

/** The answer as stored: without the request's booking key (docs/security.md "Secrets at rest"). */
function withoutKey(response: object, key: string | undefined): object {
  return key !== undefined && (response as { bookingKey?: unknown }).bookingKey === key
    ? { ...response, bookingKey: '' }
    : response;
}

/** A stored answer for a replay: the request's key back in place (the request hash matched). */
function withKey<T>(response: unknown, key: string | undefined): T {
  return (
    key !== undefined && (response as { bookingKey?: unknown }).bookingKey === ''
      ? { ...(response as object), bookingKey: key }
      : response
  ) as T;
}

function requestHash(body: unknown): string {
  return secretHash(JSON.stringify(body ?? null));
}

/**
 * Runs `create` once per (browser, Idempotency-Key): a repeated call gets the
 * stored answer, or the same answer once a concurrent first call committed.
 * The same key with another body or route answers 422 message.idempotency_key_reused.
 * Without the header (or a browser secret) the call simply runs.
 */
export async function idempotent<T extends object>(
  db: Db,
  request: FastifyRequest,
  route: string,
  create: (remember: Remember | undefined) => Promise<T>,
): Promise<T> {
  const header = request.headers[IDEMPOTENCY_HEADER];
  const browser = browserHash(request);
  if (typeof header !== 'string' || !browser) return create(undefined);
  if (!WELL_FORMED.test(header))
    throw new ApiError(400, 'message.bad_request', 'Idempotency-Key: 16-64 of A-Z a-z 0-9 _ -');
  const hash = requestHash(request.body);
  const replay = async (): Promise<T | undefined> => {
    const stored = await findStoredAnswer(db, browser, header);
    if (!stored) return undefined;
    if (stored.route !== route || stored.requestHash !== hash)
      throw new ApiError(422, 'message.idempotency_key_reused', 'another request used this key');
    return withKey<T>(stored.response, bodyKey(request.body));
  };
  const earlier = await replay();
  if (earlier) return earlier;
  try {
    return await create({
      answer: (response) => ({
        browserHash: browser,
        idempotencyKey: header,
        route,
        requestHash: hash,
        status: 200,
        response: withoutKey(response, bodyKey(request.body)),
        keepSeconds: KEEP_SECONDS,
      }),
    });
  } catch (error) {
    // A concurrent first call with the same key won: its answer is this call's answer.
    const winner = await replay();
    if (winner) return winner;
    throw error;
  }
}
