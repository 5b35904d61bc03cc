import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '../../src/contract/portal.js';
import { sqlState } from '../db/db.js';

/** An error a handler throws on purpose: its status and i18n key reach the client. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: string,
    detail?: string,
    /** Field → message key, for message.validation_error answers. */
    readonly fields?: Record<string, string>,
    /** Further facts of the refusal (e.g. priorMinutes of message.check_in_not_allowed). */
    readonly extra?: Record<string, string | number | boolean | null>,
  ) {
    super(detail ?? messageKey);
    this.name = 'ApiError';
  }
}

/** A wrong date of birth or code, with the tries the caller has left (spec 4 "Authentication"). */
export class AttemptsLeftError extends ApiError {
  constructor(
    statusCode: number,
    messageKey: string,
    readonly attemptsLeft: number,
  ) {
    super(statusCode, messageKey, `${attemptsLeft} tries left`);
  }
}

const KEYS: Record<number, string> = {
  400: 'message.bad_request',
  401: 'message.unauthorized',
  403: 'message.forbidden',
  404: 'message.not_found',
  405: 'message.method_not_allowed',
  406: 'message.not_acceptable',
  408: 'message.request_timeout',
  409: 'message.conflict',
  413: 'message.payload_too_large',
  414: 'message.uri_too_long',
  415: 'message.unsupported_media_type',
  429: 'message.too_many_requests',
  431: 'message.request_header_fields_too_large',
};

/** Database errors caused by the request, not by the server. */
const SQL_STATES: Record<string, { status: number; key: string }> = {
  '23P01': { status: 409, key: 'message.slot_conflict' }, // exclusion constraint: device already booked
  '23505': { status: 409, key: 'message.conflict' },
};

/**
 * SQLSTATE class 22, data exception: a value the database cannot take (22P02
 * invalid text, 22003 numeric out of range, 22021 invalid byte sequence, 22P05
 * a NUL in JSON, 22007 invalid date…). Only input reaches the database that
 * way, so it is the client's mistake. The route schemas refuse such values
 * first (docs/security.md §11); this is the safety net behind them.
 */
function sqlAnswer(state: string | undefined): { status: number; key: string } | undefined {
  if (!state) return undefined;
  return (
    SQL_STATES[state] ??
    (state.startsWith('22') ? { status: 400, key: 'message.bad_request' } : undefined)
  );
}

export function errorBody(statusCode: number, message?: string): ApiErrorBody {
  return {
    statusCode,
    message:
      message ??
      KEYS[statusCode] ??
      (statusCode >= 500 ? 'message.server_error' : 'message.bad_request'),
    error: STATUS_CODES[statusCode] ?? 'Error',
  };
}

/** An error body; validation errors add `fields` (field → message key). */
type ErrorAnswer = ApiErrorBody & { fields?: Record<string, string> };

function classify(error: FastifyError | ApiError | Error): ErrorAnswer {
  if (error instanceof AttemptsLeftError)
    return { ...errorBody(error.statusCode, error.messageKey), attemptsLeft: error.attemptsLeft };
  if (error instanceof ApiError) {
    const body = { ...errorBody(error.statusCode, error.messageKey), ...error.extra };
    return error.fields ? { ...body, fields: error.fields } : body;
  }
  if ('validation' in error && error.validation) return errorBody(400);
  const mapped = sqlAnswer(sqlState(error));
  if (mapped) return errorBody(mapped.status, mapped.key);
  const status = (error as FastifyError).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return errorBody(status);
  return errorBody(500, 'message.server_error');
}

function send(request: FastifyRequest, reply: FastifyReply, error: Error): void {
  const body = classify(error);
  if (body.statusCode >= 500) request.log.error({ err: error }, 'request failed');
  else
    request.log.info({ code: (error as FastifyError).code, detail: error.message }, body.message);
  if (body.statusCode === 405 || body.statusCode === 406) reply.removeHeader('allow');
  void reply.code(body.statusCode).type('application/json; charset=utf-8').send(body);
}

/**
 * Every error answer is JSON { statusCode, message: i18n key, error }:
 * 4xx for client mistakes (validation, bad JSON, size, unknown paths), 500 only
 * for server faults, which are logged.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setSchemaErrorFormatter((errors, dataVar) => {
    const first = errors[0];
    return new Error(`${dataVar}${first?.instancePath ?? ''} ${first?.message ?? 'is invalid'}`);
  });
  app.setErrorHandler((error: FastifyError, request, reply) => send(request, reply, error));
}

/**
 * For Fastify's constructor option frameworkErrors: errors raised before
 * routing (bad URL encoding and the like), which skip the onSend hooks, so
 * the security headers are written here.
 */
export function createFrameworkErrorHandler(headers: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    void reply.headers(headers);
    send(request, reply, error);
  };
}
